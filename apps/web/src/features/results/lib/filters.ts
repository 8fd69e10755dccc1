import { RESULTS_PERIODS, type ResultsPeriod } from '@vendai/contracts/results';

/** The page's filters, kept in the address (?periodo=7d&de=…&ate=…&numero=…) so a view can be shared. */
export interface ResultsFilters {
  period: ResultsPeriod;
  from?: string;
  to?: string;
  numberId?: string;
}

export function filtersFromSearch(search: URLSearchParams): ResultsFilters {
  const raw = search.get('periodo');
  const period = (RESULTS_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as ResultsPeriod) : '7d';
  const from = search.get('de') ?? undefined;
  const to = search.get('ate') ?? undefined;
  const numberId = search.get('numero') ?? undefined;
  if (period === 'custom' && (!from || !to)) return { period: '7d', numberId };
  return period === 'custom' ? { period, from, to, numberId } : { period, numberId };
}

export function filtersToSearch(f: ResultsFilters): URLSearchParams {
  const s = new URLSearchParams({ periodo: f.period });
  if (f.period === 'custom' && f.from && f.to) {
    s.set('de', f.from);
    s.set('ate', f.to);
  }
  if (f.numberId) s.set('numero', f.numberId);
  return s;
}

/** The API's query string for the filters. */
export function resultsSearch(f: ResultsFilters): string {
  const s = new URLSearchParams({ period: f.period });
  if (f.period === 'custom' && f.from && f.to) {
    s.set('from', f.from);
    s.set('to', f.to);
  }
  if (f.numberId) s.set('numberId', f.numberId);
  return s.toString();
}
