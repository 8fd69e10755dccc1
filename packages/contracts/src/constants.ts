/**
 * Timings and limits from the specification (docs/product/limits.md), in one place.
 * Durations are in milliseconds unless the name says otherwise.
 */
export const TIMING = {
  /** Connection QR countdown (docs/product/limits.md). */
  connectCountdownSeconds: 90,
  connectPollMs: 2_000,
  connectRedirectMs: 2_000,
  forgotPasswordRedirectSeconds: 5,
  resetPasswordRedirectMs: 2_000,
  feedbackRedirectMs: 3_000,
  avatarPlaceholderMs: 3_000,
  referralDelayMs: 600,
  realtimeHeartbeatMs: 25_000,
  realtimeReconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  /** Realtime default timeout: opening the socket, and the answer to a heartbeat ping. */
  realtimeTimeoutMs: 10_000,
} as const;

export const LIMITS = {
  nicknameMax: 50,
  agentNameMax: 50,
  feedbackCounter: 1_000,
  conversationsPageSize: 30,
  messagesPageSize: 30,
  keyQuestions: 7,
  refinementMin: 3,
  refinementMax: 6,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  /** Password-reset link lifetime (seconds). */
  resetTokenSeconds: 60 * 60,
  /** E-mail confirmation link lifetime (seconds); 'Reenviar e-mail' makes a new one. */
  verifyEmailTokenSeconds: 24 * 60 * 60,
} as const;

/** Response-delay choices for an agent, in seconds (docs/product/limits.md). */
export const RESPONSE_DELAYS = [0, 5, 10, 15, 30, 60, 90] as const;

/** Query parameters that mark a visit as referred (docs/product/rules.md#validation). */
export const REFERRAL_PARAMS = ['fpr', 'fp_ref', 'utm_source', 'utm_campaign', 'utm_medium'] as const;

/** The three lessons of the landing page and /tutorial, in order (docs/product/screens.md#other-screens). */
export const TUTORIAL_LESSON_COUNT = 3;
