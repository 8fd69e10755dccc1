import type { NumberView } from '@vendai/contracts';
import { useCloudMeter } from '@/lib/api/get-cloud-meter';
import { billedLabel, formatBrl } from '@/lib/cloud-meter';

/**
 * A Cloud number's meter this month (docs/decisions/064-cloud-meter-and-one-balloon.md): the messages Meta
 * charges and their estimate in reais. Nothing for a QR number (no charge) or while the meter loads.
 */
export function CloudMeterLine({ number }: { number: NumberView }) {
  const meter = useCloudMeter(number.provider === 'cloud');
  const mine = meter.data?.numbers.find((n) => n.number_id === number.id);
  if (number.provider !== 'cloud' || !mine) return null;
  return (
    <p className="mt-1.5 text-xs leading-snug text-slate-600" data-testid="cloud-meter-line">
      <span className="block">Este mês: {billedLabel(mine.billable_total)} pela Meta</span>
      <span className="block">Estimativa: {formatBrl(mine.estimate_brl)}</span>
    </p>
  );
}
