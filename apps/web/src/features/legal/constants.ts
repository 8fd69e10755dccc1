/** Contact for privacy requests and for the data-protection officer (encarregado). */
export const PRIVACY_EMAIL = 'privacidade@vendai.com.br';

/** Date of the current text (ISO); shown as 'Última atualização'. */
export const LEGAL_LAST_UPDATED = '2026-11-22';

/** Anchor of the terms of use inside /privacy (the landing footer links to it). */
export const TERMS_SECTION_ID = 'termos-de-uso';

export function formatLegalDate(isoDate: string) {
  return new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
