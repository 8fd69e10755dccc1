import type { NumberView } from '@vendai/contracts';
import { cn } from '@/lib/cn';

const QUALITY: Record<string, { label: string; tone: string }> = {
  GREEN: { label: 'Qualidade alta', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  YELLOW: { label: 'Qualidade média', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  RED: { label: 'Qualidade baixa', tone: 'bg-red-50 text-red-800 ring-red-200' },
};

const LIMIT: Record<string, string> = {
  TIER_250: '250 clientes/dia',
  TIER_1K: '1 mil clientes/dia',
  TIER_10K: '10 mil clientes/dia',
  TIER_100K: '100 mil clientes/dia',
  TIER_UNLIMITED: 'clientes ilimitados',
};

/** A Cloud API number: 'API oficial', Meta's quality rating and its messaging limit (new customers a day). */
export function CloudNumberBadges({ number }: { number: NumberView }) {
  if (number.provider !== 'cloud') return null;
  const quality = number.quality_rating ? QUALITY[number.quality_rating] : undefined;
  const limit = number.messaging_limit ? (LIMIT[number.messaging_limit] ?? number.messaging_limit) : null;
  const pill = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';
  return (
    <div className="mt-1 flex flex-wrap gap-1.5" data-testid="cloud-number-badges">
      <span className={cn(pill, 'bg-sky-50 text-sky-800 ring-sky-200')}>API oficial</span>
      {quality ? <span className={cn(pill, quality.tone)}>{quality.label}</span> : null}
      {limit ? <span className={cn(pill, 'bg-slate-50 text-slate-700 ring-slate-200')}>Limite: {limit}</span> : null}
    </div>
  );
}
