import type { ComponentType } from 'react';
import { paths } from '@/config/paths';

/**
 * The public pages prerendered at build time (scripts/prerender.mjs) and hydrated by public-main.tsx
 * without the app's router, query client or toasts: they only link to the app with full page loads, so
 * the first visit downloads React and the page, nothing else (landing JS budget, docs/performance.md).
 * Inside the app (client-side navigation) the same components are the routes of routes-table.tsx.
 */
const landing = () => import('@/features/landing/components/landing-page').then((m) => m.LandingPage);
const privacy = () => import('@/features/legal/components/privacy-page').then((m) => m.PrivacyPage);

export const PUBLIC_PAGES: Record<string, () => Promise<ComponentType>> = {
  [paths.home.path]: landing,
  [paths.privacy.path]: privacy,
  [paths.privacyPt.path]: privacy,
};
