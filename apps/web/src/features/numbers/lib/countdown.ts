import { TIMING } from '@vendai/contracts';

export const COUNTDOWN_SECONDS = TIMING.connectCountdownSeconds;

/** Seconds left until `deadline` (ms epoch), rounded up, never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** mm:ss, as the connect screen shows it (docs/product/limits.md): 90 → '01:30'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export type CountdownTone = 'green' | 'yellow' | 'red';

/** Bar colour (docs/product/limits.md): green above 60 s, yellow above 30 s, red otherwise. */
export function countdownTone(seconds: number): CountdownTone {
  if (seconds > 60) return 'green';
  if (seconds > 30) return 'yellow';
  return 'red';
}

/** How full the bar is, 0–100. */
export function countdownPercent(seconds: number, total: number = COUNTDOWN_SECONDS): number {
  return Math.min(100, Math.max(0, (seconds / total) * 100));
}
