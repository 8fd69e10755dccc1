import type { WeeklyHours } from '@vendai/contracts';

/**
 * The hours of an account that gave none: Monday to Friday 08:00–18:00, Saturday 08:00–13:00, Sunday
 * closed, the usual hours of a Brazilian small shop. One default for everything that needs hours:
 * Resultados' 'fora do horário' (docs/decisions/017-results-figures.md) and the automatic sends' rule
 * (follow-up touches, docs/decisions/046-one-door-out.md).
 */
const WEEKDAY = { from: '08:00', to: '18:00' };
export const DEFAULT_BUSINESS_HOURS: WeeklyHours = [
  null,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  { from: '08:00', to: '13:00' },
];
