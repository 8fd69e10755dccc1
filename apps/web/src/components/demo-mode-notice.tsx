import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '@/lib/public-config';

/**
 * 'Modo demonstração': shown wherever the AI is used while the server runs the offline demo
 * provider (no AI endpoint configured), so nobody mistakes the automatic answers for a real model.
 */
export function DemoModeNotice({ className, compact = false }: { className?: string; compact?: boolean }) {
  const config = usePublicConfig();
  if (config.data?.aiMode !== 'demo') return null;
  return (
    <div
      role="note"
      aria-label="Modo demonstração"
      className={cn(
        'flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900',
        className,
      )}
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <p>
        <strong className="font-semibold">Modo demonstração</strong>
        {compact ? (
          ': sem IA real configurada; as respostas são montadas automaticamente.'
        ) : (
          <>
            <span className="sm:hidden">
              : sem IA real configurada; tudo é montado automaticamente a partir das suas respostas.
            </span>
            <span className="hidden sm:inline">
              : este servidor não tem uma IA configurada. As perguntas, o roteiro e as respostas são montados
              automaticamente a partir do que você escreve, sem um modelo de IA de verdade.
            </span>
          </>
        )}
      </p>
    </div>
  );
}
