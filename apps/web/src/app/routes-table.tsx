import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireUser, SignedOutOnly } from './guards';
import { PageRouteError, RouteError } from './route-error';
import { RootLayout } from './root-layout';

/**
 * Every error screen is the Portuguese one of route-error.tsx: the root's for public pages, and inside the
 * app shell each page has its own (the menu stays). A page whose code is from before a deploy reloads once.
 *
 * Routes are code-split: each `lazy` module exports `Component` (and nothing the others need).
 * The browser router (main.tsx) and the build-time prerender (entry-prerender.tsx) share them.
 */
const withPageErrors = (pages: RouteObject[]): RouteObject[] =>
  pages.map((page) => ({ ...page, ErrorBoundary: PageRouteError }));

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <PageSpinner label="Carregando..." />,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/landing') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: paths.privacyPt.path, lazy: () => import('./routes/privacy') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.invite.path, lazy: () => import('./routes/invite') },
      { path: paths.confirmEmail.path, lazy: () => import('./routes/confirm-email') },
      { path: paths.connectWhatsappCallback.path, lazy: () => import('./routes/connect-whatsapp-callback') },
      { path: paths.simulator.path, lazy: () => import('./routes/simulator') },
      { path: paths.simulatorApprove.path, lazy: () => import('./routes/simulator') },
      { path: paths.simulatorMetaSignup.path, lazy: () => import('./routes/simulator') },
      {
        Component: SignedOutOnly,
        children: [
          { path: paths.login.path, lazy: () => import('./routes/auth/login') },
          { path: paths.register.path, lazy: () => import('./routes/auth/register') },
          { path: paths.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password') },
        ],
      },
      {
        Component: RequireUser,
        children: [
          { path: paths.onboarding.welcome.path, lazy: () => import('./routes/onboarding/welcome') },
          { path: paths.onboarding.trainAi.path, lazy: () => import('./routes/onboarding/train-ai') },
          { path: paths.onboarding.connectWhatsapp.path, lazy: () => import('./routes/onboarding/connect-whatsapp') },
          { path: paths.onboarding.whatsapp.path, lazy: () => import('./routes/onboarding/connect-whatsapp') },
          {
            lazy: () => import('./routes/app/app-layout'),
            children: withPageErrors([
              { path: paths.conversations.path, lazy: () => import('./routes/app/conversations') },
              { path: paths.feedback.path, lazy: () => import('./routes/app/feedback') },
              { path: paths.results.path, lazy: () => import('./routes/app/results') },
              { path: paths.ownerChannel.path, lazy: () => import('./routes/app/owner-channel') },
              { path: paths.funnel.path, lazy: () => import('./routes/app/funnel') },
              { path: paths.campaigns.path, lazy: () => import('./routes/app/campaigns') },
              { path: paths.agenda.path, lazy: () => import('./routes/app/agenda') },
              { path: `${paths.conversations.path}/*`, lazy: () => import('./routes/app/conversations') },
              { path: paths.numbers.path, lazy: () => import('./routes/app/numbers') },
              { path: paths.agents.path, lazy: () => import('./routes/app/agents') },
              { path: paths.promptWorkshop.path, lazy: () => import('./routes/app/prompt-workshop') },
              { path: paths.playground.path, lazy: () => import('./routes/app/playground') },
              { path: paths.catalogue.path, lazy: () => import('./routes/app/catalogue') },
              { path: paths.knowledge.path, lazy: () => import('./routes/app/knowledge') },
              { path: paths.agentTests.path, lazy: () => import('./routes/app/agent-tests') },
              { path: paths.pricing.path, lazy: () => import('./routes/app/pricing') },
              { path: paths.usage.path, lazy: () => import('./routes/app/usage') },
              { path: paths.tutorial.path, lazy: () => import('./routes/app/tutorial') },
              { path: paths.settings.path, lazy: () => import('./routes/app/settings') },
              { path: paths.notifications.path, lazy: () => import('./routes/app/notifications') },
              { path: paths.team.path, lazy: () => import('./routes/app/team') },
              { path: paths.mvp.path, lazy: () => import('./routes/app/mvp') },
              { path: paths.connectWhatsapp.path, lazy: () => import('./routes/app/connect-whatsapp') },
            ]),
          },
        ],
      },
    ],
  },
];
