import { PRODUCT_NAME } from '@vendai/contracts/brand';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { formatLegalDate, LEGAL_LAST_UPDATED, TERMS_SECTION_ID } from '../constants';
import { PRIVACY_SECTIONS, type LegalSection } from '../content/privacy-policy';
import { TermsOfUse } from '../content/terms-of-use';
import { P } from './legal-typography';

const SECTIONS: readonly LegalSection[] = [
  ...PRIVACY_SECTIONS,
  { id: TERMS_SECTION_ID, title: 'Termos de Uso', body: <TermsOfUse /> },
];

/**
 * Scrolls to the section in the URL fragment (e.g. /privacy#termos-de-uso) when the page opens inside
 * the app (a full page load scrolls by itself), and again when the fragment changes.
 */
function useScrollToHash() {
  useEffect(() => {
    const scroll = () => {
      const id = decodeURIComponent(window.location.hash.replace(/^#/, ''));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    scroll();
    window.addEventListener('hashchange', scroll);
    return () => window.removeEventListener('hashchange', scroll);
  }, []);
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** /privacy: LGPD privacy policy plus the terms of use, with a table of contents. */
export function PrivacyPage() {
  useScrollToHash();
  useDocumentTitle(`Política de Privacidade e Termos de Uso — ${PRODUCT_NAME}`);
  const updated = formatLegalDate(LEGAL_LAST_UPDATED);

  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href={paths.home.getHref()} className="rounded-lg" aria-label={`${PRODUCT_NAME}, página inicial`}>
            <Logo />
          </a>
          <a
            href={paths.home.getHref()}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Voltar ao início
          </a>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Privacidade e termos</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Política de Privacidade
          </h1>
          <p className="mt-3 text-sm text-slate-600">
            Última atualização: <time dateTime={LEGAL_LAST_UPDATED}>{updated}</time>
          </p>
          <P className="text-base sm:text-lg">
            Esta política explica, em linguagem simples, quais dados pessoais o {PRODUCT_NAME} trata, para quê, com quem
            os compartilha e como você exerce os seus direitos, de acordo com a Lei Geral de Proteção de Dados Pessoais
            (LGPD, Lei nº 13.709/2018). No final da página estão os Termos de Uso do serviço.
          </P>
        </div>

        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <TableOfContents sections={SECTIONS} />
          <div className="max-w-3xl min-w-0">
            {SECTIONS.map((section, index) => (
              <LegalBlock
                key={section.id}
                id={section.id}
                heading={section.id === TERMS_SECTION_ID ? section.title : `${index + 1}. ${section.title}`}
                isTerms={section.id === TERMS_SECTION_ID}
              >
                {section.body}
              </LegalBlock>
            ))}
          </div>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2025 {PRODUCT_NAME}. Todos os direitos reservados.</p>
          <a href={paths.home.getHref()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Página inicial
          </a>
        </div>
      </footer>
    </div>
  );
}

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <nav
      aria-labelledby="sumario-title"
      className="lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto"
    >
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:border-0 lg:bg-transparent lg:p-0">
        <h2 id="sumario-title" className="text-sm font-semibold text-slate-900">
          Nesta página
        </h2>
        <ol className="mt-3 space-y-1 text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex gap-2 rounded-md py-1 text-slate-600 hover:text-brand-800 lg:px-2 lg:hover:bg-slate-100"
              >
                <span aria-hidden className="w-5 shrink-0 text-right text-slate-500 tabular-nums">
                  {section.id === TERMS_SECTION_ID ? '' : `${index + 1}.`}
                </span>
                <span className={section.id === TERMS_SECTION_ID ? 'font-semibold text-slate-800' : undefined}>
                  {section.title}
                </span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}

function LegalBlock({
  id,
  heading,
  isTerms,
  children,
}: {
  id: string;
  heading: string;
  isTerms: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className={
        isTerms
          ? 'mt-16 scroll-mt-6 border-t-2 border-slate-200 pt-12 focus:outline-none'
          : 'scroll-mt-6 pt-2 pb-8 focus:outline-none [&+&]:border-t [&+&]:border-slate-100 [&+&]:pt-8'
      }
    >
      <h2
        id={`${id}-title`}
        className={
          isTerms
            ? 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl'
            : 'text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl'
        }
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}
