import { formatPhone } from '@vendai/contracts';

/** '14:05' for a unix-seconds timestamp, in the person's time zone. */
export function timeOf(unixSeconds: number): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(unixSeconds * 1000));
}

/** Up to two initials for an avatar ('Bruno Lima' → 'BL'); '#' when there is no name. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '#';
  return (words[0]![0]! + (words.length > 1 ? words.at(-1)![0]! : '')).toUpperCase();
}

export function phoneLabel(digits: string | null | undefined): string {
  return digits ? formatPhone(digits) : '';
}

/** Digits only, for the phone fields (DDI + DDD + number). */
export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Seconds left until an ISO time, never negative. */
export function secondsUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
}
