import { PRODUCT_NAME } from '@vendai/contracts';
import type { Mail } from '../mail/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The link's `code`: better-auth's signed token (a JWT) in base64url. A JWT anywhere in a log line is
 * scrubbed (lib/log-redaction.ts), which would leave the outbox's printed link unusable outside
 * production; production never logs links. `tokenFromLinkCode` undoes it.
 */
export const linkCodeFromToken = (token: string) => Buffer.from(token, 'utf8').toString('base64url');
export const tokenFromLinkCode = (code: string) => Buffer.from(code, 'base64url').toString('utf8');

/**
 * The e-mail confirmation (docs/decisions/051-verified-email-and-membership-end.md). The link leads to
 * the SPA's /confirmar-email, which confirms with a POST: a mail scanner that opens links confirms
 * nothing. Fixed text: nothing the person typed goes in it.
 */
export function verifyEmailMail(options: { appUrl: string; to: string; token: string; hours: number }): Mail {
  const link = `${options.appUrl}/confirmar-email?code=${linkCodeFromToken(options.token)}`;
  const text = [
    'Olá!',
    '',
    `Para confirmar este e-mail na sua conta ${PRODUCT_NAME}, abra o link abaixo (válido por ${options.hours} horas):`,
    '',
    link,
    '',
    'Com o e-mail confirmado você pode convidar pessoas para a sua equipe e receber pagamentos por Pix.',
    'Se você não criou uma conta, ignore este e-mail.',
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<p>Olá!</p>
<p>Para confirmar este e-mail na sua conta ${PRODUCT_NAME}, use o botão abaixo (válido por ${options.hours} horas).</p>
<p><a href="${escapeHtml(link)}" style="background:#059669;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Confirmar e-mail</a></p>
<p>Com o e-mail confirmado você pode convidar pessoas para a sua equipe e receber pagamentos por Pix. Se você não criou uma conta, ignore este e-mail.</p>
<p>Equipe ${PRODUCT_NAME}</p>`;
  return { to: options.to, subject: `Confirme seu e-mail — ${PRODUCT_NAME}`, text, html };
}
