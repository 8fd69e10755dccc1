/** Ids of the landing sections, used by in-page links and `scroll-mt` anchors. */
export const SECTION_IDS = {
  tutorials: 'tutoriais',
  why: 'por-que',
  features: 'recursos',
  steps: 'como-funciona',
  testimonials: 'depoimentos',
} as const;

export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

/** Smoothly scrolls to a section (instantly when the user prefers less motion) and moves focus there. */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section, not from the link they left.
  target.focus({ preventScroll: true });
  return true;
}
