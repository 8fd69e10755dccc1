import { LandingPage } from '@/features/landing/components/landing-page';

/** '/' (docs/product/screens.md "Landing page"). */
export function Component() {
  return <LandingPage />;
}
