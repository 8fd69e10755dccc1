import { QR_GENERATION_FAILED, instanceDisplayName, type NumberView } from '@vendai/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { numberKeys } from '@/lib/api/query-keys';
import { useReconnectNumber } from '../api/reconnect-number';
import type { ReconnectState } from '../lib/connect-route-state';
import { LinkDeviceSteps } from './link-device-steps';
import { QrTutorialIllustration } from './qr-tutorial-illustration';

/** The reconnect modal (part 2): steps and a QR tutorial picture, then a new QR on the connect screen. */
export function ReconnectDialog({
  number,
  onOpenChange,
}: {
  number: NumberView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reconnect = useReconnectNumber();
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) {
      setError(null);
      reconnect.reset();
    }
    onOpenChange(open);
  };

  const generate = () => {
    if (!number) return;
    setError(null);
    reconnect.mutate(number.id, {
      onSuccess: (result) => {
        if (!result.qrCode) {
          toast.success('Este número já está conectado.');
          void queryClient.invalidateQueries({ queryKey: numberKeys.all });
          close(false);
          return;
        }
        const state: ReconnectState = {
          isReconnecting: true,
          qrCode: result.qrCode,
          instance: {
            id: number.id,
            instance_name: number.instance_name,
            apelido: number.apelido,
            phone: number.phone,
          },
        };
        void navigate(paths.onboarding.connectWhatsapp.getHref(), { state });
      },
      onError: () => setError(QR_GENERATION_FAILED),
    });
  };

  return (
    <Dialog
      open={Boolean(number)}
      onOpenChange={close}
      title="Reconectar WhatsApp"
      description={
        number ? `Gere um novo QR Code e escaneie com o celular de ${instanceDisplayName(number)}.` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button onClick={generate} disabled={reconnect.isPending}>
            {reconnect.isPending ? 'Gerando QR Code...' : 'Gerar QR Code'}
          </Button>
        </>
      }
    >
      <div className="mt-4 space-y-4">
        <QrTutorialIllustration className="mx-auto max-w-80" />
        <LinkDeviceSteps compact />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
    </Dialog>
  );
}
