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

/** Axis steps in seconds: whole seconds, then whole minutes, then whole hours. */
const DURATION_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/**
 * Ticks for a duration axis from 0 to at least `max` seconds, at most 5 of them, each a whole step, so
 * no two read the same once formatted ('0 s, 1 s, 2 s', never '2 s, 2 s, 1 s').
 */
export function durationTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const step = DURATION_STEPS.find((s) => Math.ceil(top / s) <= 4) ?? Math.ceil(top / 4 / 86400) * 86400;
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}
