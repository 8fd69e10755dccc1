import { ConnectWhatsappPage } from '@/features/whatsapp/components/connect-whatsapp-page';

/** /onboarding/connect-whatsapp and /onboarding/whatsapp (part 1 §2): the connect screen. */
export function Component() {
  return <ConnectWhatsappPage />;
}
