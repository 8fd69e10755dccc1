/** What the recovery link in the URL says (docs/product/screens.md "Reset password", docs/product/messages.md). */
export type ResetLink =
  { kind: 'code'; code: string } | { kind: 'error'; reason: 'expired' | 'invalid'; message: string };

/**
 * Reads `code`, `error_code`, `error_description` from the query, or an `access_token` from the
 * fragment (links of the older hosted backend carry it; it is checked like a code).
 */
export function readResetLink(search: string, hash: string): ResetLink {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const errorCode = query.get('error_code') ?? fragment.get('error_code');
  const errorDescription = query.get('error_description') ?? fragment.get('error_description');
  if (errorCode === 'otp_expired') return { kind: 'error', reason: 'expired', message: 'Link de recuperação expirado' };
  if (errorCode || errorDescription || query.get('error')) {
    return { kind: 'error', reason: 'invalid', message: 'Link de recuperação inválido ou expirado' };
  }
  const code = query.get('code') ?? query.get('token') ?? fragment.get('access_token');
  if (code) return { kind: 'code', code };
  return { kind: 'error', reason: 'invalid', message: 'Link de recuperação inválido' };
}
