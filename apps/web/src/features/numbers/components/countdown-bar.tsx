import { cn } from '@/lib/cn';
import { COUNTDOWN_SECONDS, countdownPercent, countdownTone, formatCountdown } from '../lib/countdown';

const BAR = { green: 'bg-brand-500', yellow: 'bg-amber-400', red: 'bg-red-500' };
const TEXT = { green: 'text-brand-800', yellow: 'text-amber-800', red: 'text-red-700' };

/** The 90 s countdown (docs/product/limits.md): mm:ss and a bar, green above 60 s, yellow above 30 s, red otherwise. */
export function CountdownBar({ seconds }: { seconds: number }) {
  const tone = countdownTone(seconds);
  const label = formatCountdown(seconds);
  return (
    <div className="w-full">
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-600">Tempo para escanear</span>
        <span className={cn('font-mono text-base font-semibold tabular-nums', TEXT[tone])} data-testid="countdown">
          {label}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Tempo restante para escanear o QR Code"
        aria-valuemin={0}
        aria-valuemax={COUNTDOWN_SECONDS}
        aria-valuenow={seconds}
        aria-valuetext={label}
        data-tone={tone}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300 ease-linear', BAR[tone])}
          style={{ width: `${countdownPercent(seconds)}%` }}
        />
      </div>
    </div>
  );
}
