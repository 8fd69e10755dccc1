import { PRODUCT_NAME } from '@vendai/contracts';
import { tokenFromLinkCode } from '../../integrations/auth/verify-email-mail.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps, SessionUser } from '../../types.ts';

/** Per person: new confirmation links asked through 'Reenviar e-mail' (docs/decisions/051-verified-email-and-membership-end.md). */
export const VERIFICATION_RESENDS_PER_HOUR = 3;
export const VERIFICATION_RESENDS_LIMITED_MESSAGE =
  'Já enviamos vários e-mails de confirmação na última hora. Confira a caixa de entrada e o spam, ou tente novamente mais tarde.';
export const ALREADY_VERIFIED_MESSAGE = 'Seu e-mail já está confirmado.';
export const VERIFICATION_WITHOUT_MAIL =
  'O envio de e-mails não está configurado neste servidor, então o link de confirmação não pode ser enviado. ' +
  `Fale com o suporte do ${PRODUCT_NAME}.`;
const LINK_EXPIRED = 'Este link de confirmação expirou. Entre na sua conta e use "Reenviar e-mail" para receber outro.';
const LINK_INVALID = 'Link de confirmação inválido. Entre na sua conta e use "Reenviar e-mail" para receber outro.';

/**
 * POST /api/account/email-verification: a new confirmation link to the signed-in person's own e-mail
 * (better-auth makes the signed token and calls the mail port through create-auth.ts).
 */
export async function resendVerification(
  deps: Pick<AppDeps, 'auth' | 'env' | 'mailer'>,
  person: SessionUser,
  headers: Headers,
): Promise<{ sentTo: string }> {
  if (person.emailVerified) throw new AppError('CONFLICT', ALREADY_VERIFIED_MESSAGE);
  // Production without SMTP_URL: the link would only land in a table (docs/decisions/020-production-mode.md).
  if (deps.env.NODE_ENV === 'production' && deps.mailer.kind === 'outbox')
    throw new AppError('NOT_CONFIGURED', VERIFICATION_WITHOUT_MAIL);
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email: person.email }, headers });
  } catch (err) {
    throw new AppError('UPSTREAM', 'Não foi possível enviar o e-mail de confirmação. Tente novamente em instantes.', {
      cause: err,
    });
  }
  return { sentTo: person.email };
}

/** POST /api/account/email-verification/confirm (signed out too): the e-mailed link's code marks the e-mail confirmed. */
export async function confirmEmail(deps: Pick<AppDeps, 'auth'>, code: string): Promise<{ status: 'confirmed' }> {
  const response = await deps.auth.api.verifyEmail({ query: { token: tokenFromLinkCode(code) }, asResponse: true });
  if (response.ok) return { status: 'confirmed' };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  throw new AppError('INVALID_TOKEN', body.code === 'TOKEN_EXPIRED' ? LINK_EXPIRED : LINK_INVALID);
}
