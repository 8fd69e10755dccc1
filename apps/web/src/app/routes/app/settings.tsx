import { SettingsPage } from '@/features/settings/components/settings-page';

/** /settings: 'Configurações' (docs/decisions/015-handoff.md). */
export function Component() {
  return <SettingsPage />;
}
