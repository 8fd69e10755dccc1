import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` and whenever `key` changes (a new draft reads the
 * clock at once, so its 'em 45 min' is right from the start).
 */
export function useClock(intervalMs: number, key: unknown): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const first = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs, key]);
  return now;
}
