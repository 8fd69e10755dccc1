import { PRODUCT_NAME } from '@vendai/contracts/brand';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { SECTION_IDS } from '../lib/sections';
import { SectionLink } from './section-link';

const linkClass =
  'rounded text-sm text-slate-600 transition-colors hover:text-slate-900 hover:underline underline-offset-4';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <Logo />
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-slate-600">
            Assistente de vendas com inteligência artificial que atende seus clientes no WhatsApp 24 horas por dia.
          </p>
        </div>
        <nav aria-labelledby="footer-produto">
          <h2 id="footer-produto" className="text-sm font-semibold text-slate-900">
            Produto
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <SectionLink to={SECTION_IDS.tutorials} className={linkClass}>
                Ver demonstração
              </SectionLink>
            </li>
            <li>
              <SectionLink to={SECTION_IDS.steps} className={linkClass}>
                Como funciona
              </SectionLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-slate-900">
            Legal
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={paths.privacy.getHref()} className={linkClass}>
                Privacidade
              </a>
            </li>
            <li>
              <a href={`${paths.privacy.getHref()}#termos-de-uso`} className={linkClass}>
                Termos de Uso
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">
          © 2025 {PRODUCT_NAME}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
