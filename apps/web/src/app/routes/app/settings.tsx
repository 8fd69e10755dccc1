import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** /settings: 'Configurações' (docs/decisions/015-handoff.md), with 'Seus dados' (decision 031). */
export function Component() {
  return (
    <SettingsPage>
      <PrivacySettings />
    </SettingsPage>
  );
}
