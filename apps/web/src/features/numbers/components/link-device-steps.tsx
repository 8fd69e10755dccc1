import { cn } from '@/lib/cn';

const STEPS = [
  { title: 'Abra o WhatsApp', text: 'No celular do número que vai atender seus clientes.' },
  {
    title: 'Entre em Aparelhos conectados',
    text: 'No Android, toque em Mais opções (⋮); no iPhone, em Configurações.',
  },
  { title: 'Toque em Conectar um aparelho', text: 'Se o celular pedir, desbloqueie com sua senha ou biometria.' },
  { title: 'Aponte a câmera para o QR Code', text: 'A conexão é confirmada aqui automaticamente.' },
];

/** How to link a device in WhatsApp, shown beside the QR and in the reconnect modal. */
export function LinkDeviceSteps({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <ol className={cn('space-y-3', className)} aria-label="Como conectar">
      {STEPS.map((step, i) => (
        <li key={step.title} className="flex gap-3">
          <span
            aria-hidden
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white',
              compact ? 'size-6 text-xs' : 'size-7 text-sm',
            )}
          >
            {i + 1}
          </span>
          <p className={cn('text-slate-600', compact ? 'text-sm' : 'text-[15px]')}>
            <span className="sr-only">Passo {i + 1}: </span>
            <strong className="block font-semibold text-slate-900">{step.title}</strong>
            {compact ? null : step.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
