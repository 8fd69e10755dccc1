/** pt-BR formats for Resultados: counts, shares, durations and dates. */

const integer = new Intl.NumberFormat('pt-BR');
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (n: number) => integer.format(n);

export const formatShare = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');

/** 45 s, 2 min 30 s, 1 h 5 min; '—' when there is no value. */
export function formatDuration(seconds: number | null): string {
  if (seconds == null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  const minutes = Math.round((s % 3600) / 60);
  return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
}

/** '02/03' (chart axes) or '02/03/2026' from AAAA-MM-DD. */
export function formatDay(date: string, withYear = false): string {
  const [y, m, d] = date.split('-');
  return withYear ? `${d}/${m}/${y}` : `${d}/${m}`;
}

/** Change against the previous period: '+25%', '−10%', 'novo' (from zero) or null when both are zero. */
export function formatChange(current: number, previous: number): string | null {
  if (current === previous) return previous === 0 ? null : '0%';
  if (previous === 0) return 'novo';
  const change = (current - previous) / previous;
  const text = percent.format(Math.abs(change));
  return `${change > 0 ? '+' : '−'}${text}`;
}
