import { useEffect } from 'react';
import { rememberReferralMarker } from '@/lib/referral';
import { useBrowserSearch } from '@/lib/browser-location';
import { FeaturesSection } from './features-section';
import { FinalCta } from './final-cta';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { StepsSection } from './steps-section';
import { TestimonialsSection } from './testimonials-section';
import { TutorialVideos } from './tutorial-videos';
import { WhySection } from './why-section';

/** The public landing page (docs/product/screens.md), sections in the order of the spec. */
export function LandingPage() {
  const search = useBrowserSearch();

  // A referral or campaign visit is remembered, so sign-in can report it later (docs/product/rules.md#validation).
  useEffect(() => {
    rememberReferralMarker({ search });
  }, [search]);

  return (
    <div className="min-h-dvh bg-white">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>
      <LandingHeader />
      <main id="conteudo" tabIndex={-1} className="focus:outline-none">
        <HeroSection />
        <TutorialVideos />
        <WhySection />
        <FeaturesSection />
        <StepsSection />
        <TestimonialsSection />
        <FinalCta />
      </main>
      <LandingFooter />
    </div>
  );
}
