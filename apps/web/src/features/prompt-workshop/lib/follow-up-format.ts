/** A ladder gap as the owner reads it: '2 horas', '1 dia', '7 dias'. */
export function gapLabel(minutes: number): string {
  if (minutes % 1440 === 0) {
    const days = minutes / 1440;
    return days === 1 ? '1 dia' : `${days} dias`;
  }
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}
