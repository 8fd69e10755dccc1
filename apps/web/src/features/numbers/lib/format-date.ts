const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** 'Conectado em' (part 2: dates in pt-BR): '12/03/2025, 14:05'; '—' when never connected. */
export function formatConnectedAt(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}
