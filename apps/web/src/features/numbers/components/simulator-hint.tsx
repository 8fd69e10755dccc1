import { ExternalLink, MonitorSmartphone } from 'lucide-react';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

/**
 * With the built-in WhatsApp simulator as the gateway (docs/decisions/013-first-run-auto-link.md), the QR can be "scanned" without a
 * phone: this says how, and opens the simulator in a new tab so this screen keeps waiting.
 */
export function SimulatorHint({ nickname }: { nickname?: string | null }) {
  const config = usePublicConfig();
  if (!config.data?.simulator) return null;
  return (
    <div className="w-full rounded-xl border border-sky-200 bg-sky-50 p-4 text-left text-sm text-sky-950">
      <p className="flex items-center gap-2 font-semibold">
        <MonitorSmartphone className="size-4 shrink-0" aria-hidden /> Sem celular? Use o simulador
      </p>
      <p className="mt-1">
        Este servidor usa o simulador de WhatsApp no lugar do WhatsApp de verdade. Abra o simulador, vá em Conexões e
        toque em &apos;Escanear com o celular&apos; na conexão {nickname ? <strong>{nickname}</strong> : 'nova'}; depois
        confirme o número. Esta tela conecta sozinha.
      </p>
      <a
        href={paths.simulator.getHref('?aba=conexoes')}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-flex items-center gap-1.5 font-semibold text-sky-900 underline underline-offset-4"
      >
        Abrir o simulador em outra aba <ExternalLink className="size-3.5" aria-hidden />
        <span className="sr-only">(abre em nova aba)</span>
      </a>
    </div>
  );
}
