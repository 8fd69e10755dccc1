import { PRODUCT_NAME, TUTORIAL_LESSON_COUNT, type PublicConfig } from '@vendai/contracts';
import type { Env } from './env.ts';
import { SIMULATED_SIGNUP_PAGE } from './meta-simulator.ts';

/** TUTORIAL_VIDEO_URLS → one entry per lesson, '' where none is set (extra links are ignored). */
export function tutorialVideoUrls(value: string | undefined): string[] {
  const links = (value ?? '').split(',').map((s) => s.trim());
  return Array.from({ length: TUTORIAL_LESSON_COUNT }, (_, i) => links[i] ?? '');
}

/** What GET /api/config tells the browser: only public settings. */
export function publicConfig(env: Env, aiMode: PublicConfig['aiMode']): PublicConfig {
  const scopes = env.META_OAUTH_SCOPES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    productName: PRODUCT_NAME,
    referralTracker: env.PUBLIC_REFERRAL_TRACKER ?? null,
    aiMode,
    tutorialVideoUrls: tutorialVideoUrls(env.TUTORIAL_VIDEO_URLS),
    simulator: env.simulatorEnabled && !env.EVOLUTION_API_URL,
    supportEmail: env.SUPPORT_EMAIL,
    whatsappBusiness:
      env.META_APP_ID && env.META_CONFIG_ID
        ? {
            appId: env.META_APP_ID,
            configId: env.META_CONFIG_ID,
            scopes,
            dialogUrl: env.metaSimulated
              ? `${env.appUrl}${SIMULATED_SIGNUP_PAGE}`
              : `https://www.facebook.com/${env.META_GRAPH_VERSION}/dialog/oauth`,
          }
        : null,
  };
}
