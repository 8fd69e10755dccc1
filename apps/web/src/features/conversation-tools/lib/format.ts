const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** '12/03/2026, 14:05' (the browser's time zone). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** '12/03/2026'. */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
