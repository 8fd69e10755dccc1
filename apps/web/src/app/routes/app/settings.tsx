import { CapiSection } from '@/features/ad-attribution/components/capi-section';
import { SourceLinksSection } from '@/features/ad-attribution/components/source-links-section';
import { PixSettingsSection } from '@/features/pix/components/pix-settings-section';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { PushSettingsSection } from '@/features/settings/components/push-settings-section';
import { SettingsPage } from '@/features/settings/components/settings-page';

/**
 * /settings: 'Configurações' (docs/decisions/015-handoff.md), with 'Notificações no celular' (decision 067),
 * 'Pagamentos Pix' (decision 038), 'Links de origem' (decision 071) and 'Seus dados' (decision 031).
 */
export function Component() {
  return (
    <SettingsPage>
      <PushSettingsSection />
      <PixSettingsSection />
      <SourceLinksSection />
      <CapiSection />
      <PrivacySettings />
    </SettingsPage>
  );
}
