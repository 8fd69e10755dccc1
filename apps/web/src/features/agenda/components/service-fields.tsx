import type { CatalogueItem } from '@vendai/contracts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatPrice } from '../lib/money';

export interface ServiceDraft {
  name: string;
  durationMinutes: number;
  price: string;
  catalogueItemId: string | null;
  bufferAfterMinutes: number;
}

export const DEFAULT_SERVICE: ServiceDraft = {
  name: 'Atendimento',
  durationMinutes: 60,
  price: '',
  catalogueItemId: null,
  bufferAfterMinutes: 0,
};

const DURATIONS = [15, 30, 45, 60, 90, 120];
export const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

/**
 * A service's few fields with sensible defaults: the name, how long (30 or 60 minutes cover most),
 * the price (empty = sob consulta) and the break after; or a service of the catalogue, which fills them.
 */
export function ServiceFields({
  idPrefix,
  value,
  onChange,
  catalogue,
  errors,
}: {
  idPrefix: string;
  value: ServiceDraft;
  onChange: (next: ServiceDraft) => void;
  catalogue: CatalogueItem[];
  errors: Partial<Record<'name' | 'price', string>>;
}) {
  const set = (patch: Partial<ServiceDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-4">
      {catalogue.length > 0 ? (
        <Field id={`${idPrefix}-catalogue`} label="Do catálogo (opcional)">
          <select
            id={`${idPrefix}-catalogue`}
            className={selectClass}
            value={value.catalogueItemId ?? ''}
            onChange={(e) => {
              const item = catalogue.find((i) => i.id === e.target.value);
              set(
                item
                  ? {
                      catalogueItemId: item.id,
                      name: item.name.slice(0, 80),
                      price: item.priceCents === null ? '' : (item.priceCents / 100).toFixed(2).replace('.', ','),
                    }
                  : { catalogueItemId: null },
              );
            }}
          >
            <option value="">Nenhum: digitar o serviço</option>
            {catalogue.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} — {formatPrice(item.priceCents)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field id={`${idPrefix}-name`} label="Serviço" error={errors.name}>
        <Input
          id={`${idPrefix}-name`}
          value={value.name}
          maxLength={80}
          aria-invalid={errors.name ? true : undefined}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${idPrefix}-duration`} label="Duração">
          <select
            id={`${idPrefix}-duration`}
            className={selectClass}
            value={value.durationMinutes}
            onChange={(e) => set({ durationMinutes: Number(e.target.value) })}
          >
            {withCurrent(DURATIONS, value.durationMinutes).map((m) => (
              <option key={m} value={m}>
                {m < 60 ? `${m} min` : m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${idPrefix}-price`} label="Preço (R$)" error={errors.price} hint="Vazio: sob consulta">
          <Input
            id={`${idPrefix}-price`}
            inputMode="decimal"
            placeholder="150,00"
            value={value.price}
            aria-invalid={errors.price ? true : undefined}
            onChange={(e) => set({ price: e.target.value })}
          />
        </Field>
        <GapSelect
          id={`${idPrefix}-after`}
          label="Intervalo depois"
          value={value.bufferAfterMinutes}
          onChange={(m) => set({ bufferAfterMinutes: m })}
        />
      </div>
    </div>
  );
}

/** The choices plus the saved value (a value set elsewhere stays selectable), in order. */
const withCurrent = (choices: number[], current: number) => [...new Set([...choices, current])].sort((a, b) => a - b);

/** A break before or after a service: none or a few minutes. */
export function GapSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (minutes: number) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {withCurrent([0, 5, 10, 15, 30], value).map((m) => (
          <option key={m} value={m}>
            {m === 0 ? 'Nenhum' : `${m} min`}
          </option>
        ))}
      </select>
    </Field>
  );
}
