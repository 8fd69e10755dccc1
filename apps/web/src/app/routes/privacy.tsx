import { PrivacyPage } from '@/features/legal/components/privacy-page';

/** /privacy and /politica-de-privacidade (public). */
export function Component() {
  return <PrivacyPage />;
}
