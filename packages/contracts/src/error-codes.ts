/**
 * Every error the API can answer with. The server maps each code to an HTTP status and a
 * Portuguese message; the web shows `message` as it is.
 */
export const ERROR_CODES = {
  /** The body, query or params failed validation. */
  VALIDATION: { status: 400, message: 'Dados inválidos. Verifique os campos e tente novamente.' },
  /** No session, or the session expired. */
  UNAUTHENTICATED: { status: 401, message: 'Usuário não autenticado' },
  /** E-mail or password wrong at sign-in. */
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail ou senha incorretos.' },
  /** The action is not allowed for this user (for example a plan limit). */
  FORBIDDEN: { status: 403, message: 'Você não tem permissão para esta ação.' },
  /** A plan limit was reached (docs/product/limits.md). */
  LIMIT_REACHED: { status: 403, message: 'Você atingiu o limite do seu plano.' },
  /** The resource does not exist or belongs to another user. */
  NOT_FOUND: { status: 404, message: 'Não encontrado.' },
  /** Sign-up with an e-mail that already has an account. */
  EMAIL_IN_USE: { status: 409, message: 'Já existe uma conta com este e-mail.' },
  /** A unique value is already taken. */
  CONFLICT: { status: 409, message: 'Este registro já existe.' },
  /** Free text on an official-API (Cloud) number more than 24 h after the customer's last message. */
  WINDOW_CLOSED: {
    status: 409,
    message: 'A janela de 24 horas desta conversa está fechada. Envie um modelo aprovado pela Meta.',
  },
  /** A reset or confirmation link is unknown, used or expired. */
  INVALID_TOKEN: { status: 400, message: 'Link de recuperação inválido ou expirado' },
  /** Too many attempts in a short time. */
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
  /** A third party (gateway, AI, payments, mail) failed. */
  UPSTREAM: { status: 502, message: 'Um serviço externo não respondeu. Tente novamente em instantes.' },
  /** A feature is not configured on this server (for example payments). */
  NOT_CONFIGURED: { status: 503, message: 'Este recurso não está configurado.' },
  /** Anything unexpected; details stay in the log. */
  INTERNAL: { status: 500, message: 'Erro inesperado. Tente novamente.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
