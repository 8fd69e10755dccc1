import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../config/env.ts';

export const REDACTED = '[redacted]';

/** Secret-looking names: a JSON field so named has its text value replaced, at any depth. */
const SECRET_FIELD =
  /"([\w.-]*(?:password|passwd|secret|token|api[_-]?key|authorization|cookie|credential)[\w.-]*)":"(?:[^"\\]|\\.)*"/gi;

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
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Scrubs one serialised log line. `known` are the configured secret values (AI key, gateway key,
 * auth secret…), matched literally as they appear inside JSON text.
 */
export function createLogScrubber(known: readonly (string | undefined)[]): (line: string) => string {
  const literals = known
    .filter((s): s is string => typeof s === 'string' && s.length >= 8)
    .map((s) => escapeRegExp(JSON.stringify(s).slice(1, -1)));
  const knownPattern = literals.length ? new RegExp(literals.join('|'), 'g') : null;
  return (line) => {
    let out = knownPattern ? line.replace(knownPattern, REDACTED) : line;
    out = out.replace(SECRET_FIELD, `"$1":"${REDACTED}"`);
    for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement);
    return out;
  };
}

/** The configured secrets that must never reach a log line. */
export function configuredSecrets(env: Env): (string | undefined)[] {
  return [
    env.AI_API_KEY,
    env.EVOLUTION_API_KEY,
    env.AUTH_SECRET,
    env.authSecret,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_ACCESS_KEY_ID,
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
  ];
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with secret redaction (issue 13): pino `redact` for request headers and
 * secret fields, and a last pass over every serialised line (hooks.streamWrite) that scrubs
 * secret-looking fields and values — in messages, error texts and stacks too. `false` stays off.
 */
export function withLogRedaction(logger: LoggerOption | undefined, env: Env): LoggerOption {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? { level: env.LOG_LEVEL } : logger;
  const scrub = createLogScrubber(configuredSecrets(env));
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
