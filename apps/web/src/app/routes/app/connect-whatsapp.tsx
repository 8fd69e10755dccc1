import { WhatsappBusinessLauncher } from '@/features/business-connect/components/whatsapp-business-launcher';

/** /connect/whatsapp: the business-platform authorization test launcher (docs/decisions/008-tutorial-links-and-business-authorization.md). */
export function Component() {
  return <WhatsappBusinessLauncher />;
}
