import { PageHeader } from '@/components/layouts/page-header';
import { PushSettingsSection } from '@/features/settings/components/push-settings-section';

/**
 * /notificacoes: each member's own 'Notificações no celular' (docs/decisions/067-web-push.md), reached from
 * the user menu by everyone — attendants included, who cannot open Configurações (decision 044).
 */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Notificações no celular"
        description="Receba no celular ou no computador o que precisa de você: um cliente pedindo uma pessoa, uma sugestão da IA para aprovar, um Pix pago, um número desconectado."
      />
      <div className="mt-6 grid grid-cols-1 gap-6">
        <PushSettingsSection />
      </div>
    </div>
  );
}
