import { QrCode } from 'lucide-react';

/** The Evolution API project, whose licence asks for this notice in the product's settings and docs. */
const EVOLUTION_API_URL = 'https://github.com/evolution-foundation/evolution-api';

/** A quiet footnote on /settings: the QR connection of WhatsApp numbers runs on Evolution API. */
export function EvolutionApiNotice() {
  return (
    <p
      className="mt-6 flex items-start gap-2 text-xs leading-relaxed text-slate-500"
      data-testid="evolution-api-notice"
    >
      <QrCode className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
      <span>
        A conexão do WhatsApp por QR code usa a{' '}
        <a
          href={EVOLUTION_API_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-slate-700 underline decoration-slate-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-600"
        >
          Evolution API
        </a>
        , um projeto de código aberto (licença Apache 2.0).
      </span>
    </p>
  );
}
