import type { Db } from '../../db/client.ts';
import { findEmailVerified } from './account-repository.ts';

/**
 * Receiving money needs the account owner's confirmed e-mail (docs/decisions/051-verified-email-and-membership-end.md).
 * Said to whoever tries: the owner in Configurações → Pagamentos Pix, anyone of the team on 'Cobrar com Pix'.
 */
export const PIX_NEEDS_VERIFIED_EMAIL =
  'Para receber pagamentos, o dono da conta precisa confirmar o e-mail: abra o link que enviamos ou use "Reenviar e-mail" no aviso no topo da página.';

/** True when the account owner (the account's user id) confirmed their e-mail. */
export async function isEmailVerified(db: Db, accountId: string): Promise<boolean> {
  return (await findEmailVerified(db, accountId)) === true;
}
