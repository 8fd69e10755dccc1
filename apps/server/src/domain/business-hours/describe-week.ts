import type { WeeklyHours } from '@vendai/contracts';

const DAY_NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

/**
 * The week in words, Monday first, days with the same hours together, e.g. 'segunda a sexta
 * 08:00–18:00; sábado 08:00–13:00; domingo fechado'. What Resultados says 'fora do horário' means, what
 * the AI is given and what the training and Conhecimento show
 * (docs/decisions/066-business-facts-in-one-place.md). Pure.
 */
export function describeBusinessHours(week: WeeklyHours): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const text = (h: WeeklyHours[number]) => (h ? `${h.from}–${h.to}` : 'fechado');
  const parts: string[] = [];
  let i = 0;
  while (i < 7) {
    let end = i;
    while (end < 6 && text(week[order[end + 1]!]!) === text(week[order[i]!]!)) end += 1;
    const days = end === i ? DAY_NAMES[order[i]!] : `${DAY_NAMES[order[i]!]} a ${DAY_NAMES[order[end]!]}`;
    parts.push(`${days} ${text(week[order[i]!]!)}`);
    i = end + 1;
  }
  return parts.join('; ');
}
