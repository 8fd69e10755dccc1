import { ConnectWhatsappPage } from '@/features/numbers/components/connect-whatsapp-page';

/** /onboarding/connect-whatsapp and /onboarding/whatsapp (docs/product/screens.md): the connect screen. */
export function Component() {
  return <ConnectWhatsappPage />;
}
