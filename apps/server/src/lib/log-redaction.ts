import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../config/env.ts';

export const REDACTED = '[redacted]';

/** Secret-looking names: a JSON field so named has its text value replaced, at any depth. */
const SECRET_FIELD =
  /"([\w.-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|authorization|cookie|credential)[\w.-]*)":"(?:[^"\\]|\\.)*"/gi;

/** Secret-looking values, wherever they appear (messages, error texts, stacks, URLs). */
const SECRET_VALUES: [RegExp, string][] = [
  // OpenAI-style keys, e.g. the provider's 'Incorrect API key provided: sk-…'.
  [/\bsk-[\w-]{6,}[*\w-]*/g, `sk-${REDACTED}`],
  // Stripe secret and restricted keys, webhook signing secrets (sk_live_…, rk_test_…, whsec_…).
  [/\b(sk|rk)_(live|test|local)_\w{6,}/g, `$1_$2_${REDACTED}`],
  [/\bwhsec_\w{6,}/g, `whsec_${REDACTED}`],
  [/\bBearer\s+[\w.~+/=-]+/gi, `Bearer ${REDACTED}`],
  [/\bBasic\s+[A-Za-z0-9+/=]{8,}/g, `Basic ${REDACTED}`],
  // Credentials inside URLs: postgres://user:pass@host, smtp://user:pass@host.
  [/(\b[a-z][\w+.-]*:\/\/[^\s:/@"]+:)[^\s@/"]+@/gi, `$1${REDACTED}@`],
  // Session cookies (vendai.session_token=…, __Secure-vendai.session_token=…).
  [/(session_(?:token|data)=)[^;\s"]+/gi, `$1${REDACTED}`],
  // Other providers' key shapes: AWS access key ids, Groq, Google, GitHub, Slack; JSON web tokens.
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [/\bgsk_\w{16,}/g, `gsk_${REDACTED}`],
  [/\bAIza[\w-]{30,}/g, REDACTED],
  [/\bgh[pousr]_\w{30,}/g, REDACTED],
  [/\bxox[abprs]-[\w-]{10,}/g, REDACTED],
  [/\beyJ[\w-]{6,}\.eyJ[\w-]{6,}\.[\w-]+/g, REDACTED],
  // A password-reset code in a request path (/api/account/password-reset/<code>, /api/auth/reset-password/<token>).
  [/(\/(?:password-reset|reset-password)\/)[^/?#\s"]+/g, `$1${REDACTED}`],
];

/** In production, codes and tokens in query strings too: e-mail links are never logged there (decision 020). */
const PRODUCTION_VALUES: [RegExp, string][] = [
  [/([?&](?:code|token|key|secret|signature|sig)=)[^&#\s"]+/gi, `$1${REDACTED}`],
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Scrubs one serialised log line. `known` are the configured secret values (AI key, gateway key,
 * auth secret…), matched literally as they appear inside JSON text.
 */
export function createLogScrubber(
  known: readonly (string | undefined)[],
  options: { production?: boolean } = {},
): (line: string) => string {
  const values = options.production ? [...SECRET_VALUES, ...PRODUCTION_VALUES] : SECRET_VALUES;
  const literals = known
    .filter((s): s is string => typeof s === 'string' && s.length >= 8)
    .map((s) => escapeRegExp(JSON.stringify(s).slice(1, -1)));
  const knownPattern = literals.length ? new RegExp(literals.join('|'), 'g') : null;
  return (line) => {
    let out = knownPattern ? line.replace(knownPattern, REDACTED) : line;
    out = out.replace(SECRET_FIELD, `"$1":"${REDACTED}"`);
    for (const [pattern, replacement] of values) out = out.replace(pattern, replacement);
    return out;
  };
}

/** Variables whose value is a credential by their name (AI_API_KEY, MEDIA_VISION_API_KEY, S3_ACCESS_KEY_ID…). */
const SECRET_VARIABLE = /_(?:KEY|KEY_ID|SECRET|TOKEN|PASSWORD)$/;

/** The password inside a URL setting (DATABASE_URL, SMTP_URL), as it may appear decoded or not. */
function urlPasswords(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const { password } = new URL(value);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/**
 * The configured secrets that must never reach a log line: every variable named *_KEY, *_KEY_ID,
 * *_SECRET, *_TOKEN or *_PASSWORD (today's and tomorrow's), the session secret in use (set or
 * generated), and the passwords inside DATABASE_URL and SMTP_URL.
 */
export function configuredSecrets(env: Env): (string | undefined)[] {
  const named = Object.entries(env)
    .filter(([name, value]) => SECRET_VARIABLE.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);
  return [...named, env.authSecret, ...urlPasswords(env.DATABASE_URL), ...urlPasswords(env.SMTP_URL)];
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with secret redaction (docs/decisions/010-input-hardening.md): pino `redact` for request headers and
 * secret fields, and a last pass over every serialised line (hooks.streamWrite) that scrubs
 * secret-looking fields and values — in messages, error texts and stacks too. `false` stays off.
 */
export function withLogRedaction(logger: LoggerOption | undefined, env: Env): LoggerOption {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? { level: env.LOG_LEVEL } : logger;
  const scrub = createLogScrubber(configuredSecrets(env), { production: env.NODE_ENV === 'production' });
  return {
    ...base,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-vendai-webhook-secret"]',
        'req.headers.apikey',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers.apikey',
        '*.apikey',
        '*.password',
        '*.token',
      ],
      censor: REDACTED,
    },
    hooks: { streamWrite: scrub },
  };
}
