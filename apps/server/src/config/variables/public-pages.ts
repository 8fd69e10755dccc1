import { z } from 'zod';
import { blank, optionalString } from './parse.ts';

/** What the public pages show: the referral tracker, the tutorial videos, the sales contact. Composed by ../env.ts; docs/configuration.md describes each variable. */
export const publicPagesVariables = {
  /** Public: the referral tracking script's global function name (docs/product/rules.md#validation). */
  PUBLIC_REFERRAL_TRACKER: optionalString,
  /** Public: the referral tracking script's https address; loaded on every page, its origin allowed by the CSP. */
  PUBLIC_REFERRAL_TRACKER_SCRIPT: z.preprocess(blank, z.url({ protocol: /^https$/ }).optional()),
  /**
   * Public: the three tutorial lessons' video links (landing page and /tutorial), comma separated in
   * lesson order (connect, train, automate); YouTube watch, youtu.be or Shorts links. A lesson without a
   * link shows its written step-by-step version.
   */
  TUTORIAL_VIDEO_URLS: optionalString,
  /** Sales chat link opened by the sem-limites plan's 'Consultar Valores' (e.g. a wa.me link). */
  SALES_CONTACT_URL: z.preprocess(
    blank,
    z.url().default('https://wa.me/5511999999999?text=Quero%20conhecer%20o%20plano%20Sem%20Limites'),
  ),
};
