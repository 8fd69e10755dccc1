import { WelcomePage } from '@/features/onboarding/components/welcome-page';

/** /onboarding/welcome, right after sign-up (signed-in users only, see router). */
export function Component() {
  return <WelcomePage />;
}
