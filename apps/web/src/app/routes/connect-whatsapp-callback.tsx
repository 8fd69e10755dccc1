import { WhatsappBusinessCallback } from '@/features/business-connect/components/whatsapp-business-callback';

/** /connect/whatsapp/callback: public, where the business-platform dialog returns (issue 12). */
export function Component() {
  return <WhatsappBusinessCallback />;
}
