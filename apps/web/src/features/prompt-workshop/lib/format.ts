const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Last update of the prompt: dd/mm/aaaa, hh:mm. */
export function formatUpdatedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat.format(d);
}

/** '1.234 caracteres'. */
export function formatCharCount(n: number): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'caractere' : 'caracteres'}`;
}

/** Response delay label: 'Imediato' for 0, else 'N segundos'. */
export function formatDelay(seconds: number): string {
  return seconds === 0 ? 'Imediato (0 s)' : `${seconds} segundos`;
}
