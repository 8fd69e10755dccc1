import { REFERRAL_PARAMS, TIMING } from '@vendai/contracts/constants';
import { api } from '@/lib/api-client';

/**
 * Affiliate-referral reporting (docs/product/rules.md#validation): after sign-in the user's e-mail goes to the tracking
 * script (FirstPromoter style, `window[tracker]('referral', { email })`), but only for visits that
 * carry a referral marker.
 */

/** Local-storage flag set once a visit arrived with a referral parameter. */
export const REFERRAL_STORAGE_KEY = 'vendai_referral';
/** Cookie the tracking script sets once it has identified the referral. */
export const REFERRAL_COOKIE = '_fprom_tid';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Everything the referral code reads from the browser, injectable for tests. */
export interface ReferralEnv {
  /** Query string, with or without the leading '?'. */
  search: string;
  /** `document.cookie`. */
  cookie: string;
  /** Local storage, or null where it is unavailable (private mode, blocked). */
  storage: KeyValueStorage | null;
  /** Where the tracker function lives (window). */
  win: Record<string, unknown>;
  /** Waits the given milliseconds. */
  delay: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Accessing localStorage throws when the browser blocks storage.
    return null;
  }
}

/** The browser's values, overridden by whatever the caller passes. */
function resolveEnv(env: Partial<ReferralEnv> = {}): ReferralEnv {
  const hasWindow = typeof window !== 'undefined';
  return {
    search: env.search ?? (hasWindow ? window.location.search : ''),
    cookie: env.cookie ?? (typeof document !== 'undefined' ? document.cookie : ''),
    storage: env.storage !== undefined ? env.storage : browserStorage(),
    win: env.win ?? (hasWindow ? (window as unknown as Record<string, unknown>) : {}),
    delay: env.delay ?? wait,
  };
}

function hasReferralParam(search: string): boolean {
  const params = new URLSearchParams(search);
  return REFERRAL_PARAMS.some((name) => (params.get(name) ?? '').trim() !== '');
}

function hasTrackingCookie(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const [name, ...value] = part.split('=');
    return name?.trim() === REFERRAL_COOKIE && value.join('=').trim() !== '';
  });
}

function readStorage(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** True when the visit is referred: a referral query parameter, the tracking cookie or the stored flag. */
export function hasReferralMarker(env: Partial<ReferralEnv> = {}): boolean {
  const { search, cookie, storage } = resolveEnv(env);
  return hasReferralParam(search) || hasTrackingCookie(cookie) || readStorage(storage, REFERRAL_STORAGE_KEY) === '1';
}

/**
 * Remembers a referred visit so the marker survives navigation to /register and /login (which may
 * lose the query string). Returns whether the flag was set.
 */
export function rememberReferralMarker(env: Partial<ReferralEnv> = {}): boolean {
  const { search, storage } = resolveEnv(env);
  if (!hasReferralParam(search)) return false;
  try {
    storage?.setItem(REFERRAL_STORAGE_KEY, '1');
    return storage != null;
  } catch {
    return false;
  }
}

/** Basic something@something.tld, with a top-level part of at least 2 characters (docs/product/rules.md#validation). */
const REPORTABLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function isReportableEmail(email: string): boolean {
  return REPORTABLE_EMAIL.test(email.trim());
}

export type ReferralOutcome = 'sent' | 'skipped';

/**
 * Reports the signed-in user's e-mail to the tracker named in the public config. Skipped when the
 * visit has no referral marker, the e-mail is not reportable or no tracker is configured/loaded.
 * When the tracking cookie is not set yet, waits TIMING.referralDelayMs so the tracking script can
 * finish identifying the visit first (docs/product/limits.md).
 */
export async function reportReferral(
  email: string,
  options: { tracker: string | null | undefined; env?: Partial<ReferralEnv> },
): Promise<ReferralOutcome> {
  const env = resolveEnv(options.env);
  const address = email.trim();
  const tracker = options.tracker?.trim();
  if (!tracker || !isReportableEmail(address) || !hasReferralMarker(env)) return 'skipped';

  if (!hasTrackingCookie(env.cookie)) await env.delay(TIMING.referralDelayMs);

  // Read after the wait: the tracking script may only just have loaded.
  const track = env.win[tracker];
  if (typeof track !== 'function') return 'skipped';
  (track as (event: string, data: { email: string }) => unknown)('referral', { email: address });
  return 'sent';
}

interface PublicConfig {
  productName: string;
  referralTracker: string | null;
}

/**
 * Called by the sign-in and sign-up flows. Reads the tracker name from GET /api/config and reports
 * the e-mail. Never throws: a failure is only logged, sign-in must not depend on it.
 */
export async function reportReferralAfterSignIn(
  email: string,
  env?: Partial<ReferralEnv>,
): Promise<ReferralOutcome | 'failed'> {
  try {
    // No request at all for the common case of a visit without a referral.
    if (!isReportableEmail(email) || !hasReferralMarker(env)) return 'skipped';
    const config = await api.get<PublicConfig>('/api/config');
    return await reportReferral(email, { tracker: config?.referralTracker, env });
  } catch (err) {
    console.warn('Não foi possível registrar a indicação.', err);
    return 'failed';
  }
}
