/** When a follow-up goes, as the inbox says it: 'hoje às 15:01', 'amanhã às 08:00', 'sex., 27/11 às 08:00'. */
export function followUpWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(at) - day(now)) / 86_400_000);
  if (diff <= 0) return `hoje às ${time}`;
  if (diff === 1) return `amanhã às ${time}`;
  const date = at.toLocaleDateString('pt-BR', { weekday: 'short', day: '2-digit', month: '2-digit' });
  return `${date} às ${time}`;
}

/** The value of a datetime-local input for `d` (local time, minutes). */
export function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
