import { PRODUCT_NAME } from '@vendai/contracts';
import type { Mail } from '../mail/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reset link leads to the SPA's /reset-password, which checks the code before showing the form. */
export function resetPasswordMail(options: { appUrl: string; name: string; to: string; token: string }): Mail {
  const link = `${options.appUrl}/reset-password?code=${encodeURIComponent(options.token)}`;
  const first = options.name.split(' ')[0] || options.name;
  const text = [
    `Olá, ${first}!`,
    '',
    `Recebemos um pedido para redefinir a senha da sua conta ${PRODUCT_NAME}.`,
    'Para redefinir sua senha, abra o link abaixo (válido por 1 hora e uma única vez):',
    '',
    link,
    '',
    'Se você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.',
    '',
    `Equipe ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(first)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(link)}" style="background:#059669;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Redefinir senha</a></p>
<p>O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a troca de senha, ignore este e-mail.</p>
<p>Equipe ${PRODUCT_NAME}</p>`;
  return { to: options.to, subject: `Redefinição de senha — ${PRODUCT_NAME}`, text, html };
}
