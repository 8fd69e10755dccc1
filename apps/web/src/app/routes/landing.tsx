import { LandingPage } from '@/features/landing/components/landing-page';

/** '/' (part 1 §2 "Landing page"). */
export function Component() {
  return <LandingPage />;
}
