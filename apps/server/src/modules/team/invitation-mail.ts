import { PRODUCT_NAME } from '@vendai/contracts';
import { INVITATION_DAYS } from '@vendai/contracts/team';
import type { Mail } from '../../integrations/mail/mailer.ts';
import { quotedAccountName } from './account-name-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation's link to /convite; also what 'Copiar link' gives the owner. */
export const invitationLink = (appUrl: string, code: string) => `${appUrl}/convite?code=${encodeURIComponent(code)}`;

/**
 * The invitation (docs/decisions/051-verified-email-and-membership-end.md): fixed text, sent to an
 * address the owner typed, so the subject has nothing the owner wrote and the body only the account's
 * name, quoted, capped and with links removed (account-name-text.ts).
 */
export function invitationMail(options: { appUrl: string; accountName: string; to: string; code: string }): Mail {
  const link = invitationLink(options.appUrl, options.code);
  const account = quotedAccountName(options.accountName);
  const text = [
    'Olá!',
    '',
    `Você recebeu um convite para atender os clientes no WhatsApp pela equipe da conta ${account} no ${PRODUCT_NAME}.`,
    `Para aceitar, abra o link abaixo (válido por ${INVITATION_DAYS} dias e uma única vez) e entre ou crie sua conta com este e-mail:`,
    '',
    link,
    '',
    'Se você não esperava este convite, ignore este e-mail.',
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<p>Olá!</p>
<p>Você recebeu um convite para atender os clientes no WhatsApp pela equipe da conta ${escapeHtml(account)} no ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(link)}" style="background:#059669;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Aceitar convite</a></p>
<p>O link vale por ${INVITATION_DAYS} dias e pode ser usado uma única vez. Entre ou crie sua conta com este e-mail. Se você não esperava este convite, ignore este e-mail.</p>
<p>Equipe ${PRODUCT_NAME}</p>`;
  return { to: options.to, subject: `Convite para uma equipe no ${PRODUCT_NAME}`, text, html };
}
