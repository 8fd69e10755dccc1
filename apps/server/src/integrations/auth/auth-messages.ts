import type { ErrorCode } from '@vendai/contracts';

/**
 * better-auth answers in English with a code; people see Portuguese. Codes not listed fall back to
 * a generic message (the English text is only logged).
 */
export const AUTH_ERROR_MESSAGES: Record<string, { code: ErrorCode; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
  USER_NOT_FOUND: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
  USER_ALREADY_EXISTS: { code: 'EMAIL_IN_USE', message: 'Já existe uma conta com este e-mail.' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'EMAIL_IN_USE', message: 'Já existe uma conta com este e-mail.' },
  INVALID_EMAIL: { code: 'VALIDATION', message: 'Informe um e-mail válido.' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION', message: 'A senha deve ter pelo menos 8 caracteres.' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION', message: 'A senha é longa demais.' },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', message: 'Link de recuperação inválido ou expirado' },
  FAILED_TO_GET_SESSION: { code: 'UNAUTHENTICATED', message: 'Sua sessão expirou. Entre novamente.' },
  SESSION_EXPIRED: { code: 'UNAUTHENTICATED', message: 'Sua sessão expirou. Entre novamente.' },
  INVALID_ORIGIN: { code: 'FORBIDDEN', message: 'Origem da requisição não permitida.' },
};

export function translateAuthError(status: number, code: string | undefined): { code: ErrorCode; message: string } {
  if (code && AUTH_ERROR_MESSAGES[code]) return AUTH_ERROR_MESSAGES[code];
  if (status === 429)
    return { code: 'RATE_LIMITED', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' };
  if (status === 401) return { code: 'UNAUTHENTICATED', message: 'Usuário não autenticado' };
  if (status === 403) return { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };
  if (status === 404) return { code: 'NOT_FOUND', message: 'Não encontrado.' };
  if (status >= 500) return { code: 'INTERNAL', message: 'Erro inesperado. Tente novamente.' };
  return { code: 'VALIDATION', message: 'Não foi possível concluir. Verifique os dados e tente novamente.' };
}
