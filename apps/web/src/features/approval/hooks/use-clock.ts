import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the draft's 'em 28 min' counts down). */
export function useClock(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
