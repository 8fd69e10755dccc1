import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useAuthHrefs } from '../hooks/use-auth-hrefs';
import { SECTION_IDS } from '../lib/sections';
import { SectionLink } from './section-link';

const NAV = [
  { to: SECTION_IDS.tutorials, label: 'Tutoriais' },
  { to: SECTION_IDS.features, label: 'Recursos' },
  { to: SECTION_IDS.steps, label: 'Como funciona' },
  { to: SECTION_IDS.testimonials, label: 'Depoimentos' },
] as const;

export function LandingHeader() {
  const { registerHref, loginHref } = useAuthHrefs();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href={paths.home.getHref()} className="shrink-0 rounded-lg" aria-label="VendAI, página inicial">
          <Logo />
        </a>
        <nav aria-label="Seções da página" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <SectionLink
                  to={item.to}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
            <a href={loginHref}>Entrar</a>
          </Button>
          <Button asChild size="sm" className="bg-brand-700 px-3 hover:bg-brand-800 sm:px-4">
            <a href={registerHref}>Começar Grátis</a>
          </Button>
        </div>
      </div>
    </header>
  );
}
