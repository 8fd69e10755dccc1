import { WhatsappBusinessCallback } from '@/features/business-connect/components/whatsapp-business-callback';

/** /connect/whatsapp/callback: public, where the business-platform dialog returns (docs/decisions/008-tutorial-links-and-business-authorization.md). */
export function Component() {
  return <WhatsappBusinessCallback />;
}
