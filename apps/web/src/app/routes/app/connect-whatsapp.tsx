import { WhatsappBusinessLauncher } from '@/features/business-connect/components/whatsapp-business-launcher';

/** /connect/whatsapp: the business-platform authorization test launcher (issue 12). */
export function Component() {
  return <WhatsappBusinessLauncher />;
}
