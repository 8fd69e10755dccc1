import { ConfirmEmailView } from '@/features/auth/components/confirm-email-view';

/** /confirmar-email?code=…: the e-mailed confirmation link (docs/decisions/051-verified-email-and-membership-end.md), signed in or out. */
export function Component() {
  return <ConfirmEmailView />;
}
