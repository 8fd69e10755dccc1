import { PRODUCT_NAME } from '@vendai/contracts';
import { INVITATION_DAYS } from '@vendai/contracts/team';
import type { Mail } from '../../integrations/mail/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation: who invites, to what, and the single-use link to /convite (docs/decisions/044-team-roles-and-assignment.md). */
export function invitationMail(options: { appUrl: string; ownerName: string; to: string; code: string }): Mail {
  const link = `${options.appUrl}/convite?code=${encodeURIComponent(options.code)}`;
  const text = [
    'Olá!',
    '',
    `${options.ownerName} convidou você para atender os clientes no WhatsApp pela equipe no ${PRODUCT_NAME}.`,
    `Para aceitar, abra o link abaixo (válido por ${INVITATION_DAYS} dias e uma única vez) e entre ou crie sua conta com este e-mail:`,
    '',
    link,
    '',
    'Se você não esperava este convite, ignore este e-mail.',
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<p>Olá!</p>
<p>${escapeHtml(options.ownerName)} convidou você para atender os clientes no WhatsApp pela equipe no ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(link)}" style="background:#059669;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Aceitar convite</a></p>
<p>O link vale por ${INVITATION_DAYS} dias e pode ser usado uma única vez. Entre ou crie sua conta com este e-mail. Se você não esperava este convite, ignore este e-mail.</p>
<p>Equipe ${PRODUCT_NAME}</p>`;
  return { to: options.to, subject: `Convite para a equipe de ${options.ownerName} — ${PRODUCT_NAME}`, text, html };
}
