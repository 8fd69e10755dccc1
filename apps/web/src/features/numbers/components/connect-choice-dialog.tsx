import { BadgeCheck, QrCode } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';

/**
 * '+ Novo WhatsApp': the two ways to connect a number, side by side with what each means for the
 * owner (docs/decisions/036-cloud-signup-window-pacing.md) — the QR code of the WhatsApp Business app, or Meta's
 * official API (Embedded Signup on /connect/whatsapp).
 */
export function ConnectChoiceDialog({
  open,
  onOpenChange,
  onQr,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onQr: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Como você quer conectar o WhatsApp?"
      description="Escolha uma forma para este número. A IA, as conversas e os resultados funcionam igual nas duas."
    >
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        <Choice
          icon={<QrCode className="size-5" aria-hidden />}
          title="QR Code (app WhatsApp Business)"
          points={[
            'Conecta em 2 minutos, escaneando um QR Code com o celular.',
            'Sem custo por mensagem e sem cadastro na Meta.',
            'Usa o WhatsApp Web por trás: há risco de o número ser banido se a Meta considerar o uso automatizado.',
          ]}
          action="Conectar pelo QR Code"
          onClick={() => {
            onOpenChange(false);
            onQr();
          }}
        />
        <Choice
          icon={<BadgeCheck className="size-5" aria-hidden />}
          title="API oficial da Meta"
          points={[
            'Sem risco de banimento: é o canal oficial do WhatsApp para empresas.',
            'A Meta cobra por mensagem de modelo (as que você envia depois de 24 h sem o cliente escrever).',
            'Exige a empresa verificada na Meta e um número que não esteja em uso no app.',
          ]}
          action="Conectar pela API oficial"
          onClick={() => {
            onOpenChange(false);
            void navigate(paths.connectWhatsapp.getHref());
          }}
        />
      </div>
    </Dialog>
  );
}

function Choice({
  icon,
  title,
  points,
  action,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  points: string[];
  action: string;
  onClick: () => void;
}) {
  return (
    <section className="flex flex-col rounded-xl border border-slate-200 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
        {title}
      </h3>
      <ul className="mt-3 flex-1 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClick}
        className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {action}
      </button>
    </section>
  );
}
