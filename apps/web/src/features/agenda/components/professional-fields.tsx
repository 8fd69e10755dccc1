import { type WeeklyHours, WEEKDAYS_PT } from '@vendai/contracts';
import type { AgendaBreak } from '@vendai/contracts/agenda';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type Day = { open: boolean; from: string; to: string };
export interface ProfessionalDraft {
  name: string;
  /** true: the business hours of Configurações (week null), as they change. */
  businessHours: boolean;
  week: Day[];
  breaks: AgendaBreak[];
  daysOff: string[];
  newDayOff: string;
}

export const daysOf = (week: WeeklyHours): Day[] =>
  week.map((d) => (d ? { open: true, from: d.from, to: d.to } : { open: false, from: '08:00', to: '18:00' }));

/** The weekdays' short names on the break's day toggles (0 = domingo). */
const SHORT_DAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** Whether a break applies on a weekday (`weekdays` empty = every day). */
export const breakOn = (b: AgendaBreak, weekday: number) => b.weekdays.length === 0 || b.weekdays.includes(weekday);

/** The break's days after the owner toggled one: all seven = every day ([]); never none. */
export function toggledDays(b: AgendaBreak, weekday: number): number[] {
  const on = [0, 1, 2, 3, 4, 5, 6].filter((d) => (d === weekday ? !breakOn(b, d) : breakOn(b, d)));
  if (on.length === 0) return b.weekdays;
  return on.length === 7 ? [] : on;
}

/** 'todos os dias' or 'Seg, Qua, Sex'. */
export const breakDaysText = (b: AgendaBreak) =>
  b.weekdays.length
    ? [...b.weekdays]
        .sort((x, y) => x - y)
        .map((w) => SHORT_DAYS[w])
        .join(', ')
    : 'todos os dias';

const dateLabel = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('pt-BR', {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A professional's week (the business hours, or their own per weekday), breaks and days off; each
 * shows the API's message where it belongs (`err` reads the 400's `fields`).
 */
export function ProfessionalFields({
  draft,
  set,
  err,
  business,
  ownWeek,
}: {
  draft: ProfessionalDraft;
  set: (patch: Partial<ProfessionalDraft>) => void;
  err: (...keys: string[]) => string | undefined;
  business: WeeklyHours;
  ownWeek: WeeklyHours | null;
}) {
  const setDay = (i: number, patch: Partial<Day>) =>
    set({ week: draft.week.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  const setBreak = (i: number, patch: Partial<AgendaBreak>) =>
    set({ breaks: draft.breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const addDayOff = () => {
    if (!draft.newDayOff || draft.daysOff.includes(draft.newDayOff)) return set({ newDayOff: '' });
    set({ daysOff: [...draft.daysOff, draft.newDayOff].sort(), newDayOff: '' });
  };

  return (
    <>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Horário de trabalho</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={draft.businessHours}
            onChange={(e) =>
              set(
                e.target.checked
                  ? { businessHours: true }
                  : { businessHours: false, week: daysOf(ownWeek ?? business) },
              )
            }
          />
          Usar o horário do negócio
        </label>
        {draft.businessHours ? (
          <p className="text-[13px] text-slate-600">
            Segue o horário de Configurações → Dados do negócio, mesmo quando ele mudar.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-[13px] text-slate-600">Marque os dias de trabalho e o horário de cada um.</p>
              <Button type="button" variant="ghost" size="sm" onClick={() => set({ week: daysOf(business) })}>
                Copiar o horário do negócio
              </Button>
            </div>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {draft.week.map((d, i) => {
                const error = err(`week.${i}`);
                const day = WEEKDAYS_PT[i]!;
                return (
                  <li key={day} className="px-3 py-2">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <label className="flex min-h-11 w-28 items-center gap-2 text-sm font-medium text-slate-800">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          checked={d.open}
                          onChange={(e) => setDay(i, { open: e.target.checked })}
                        />
                        {day}
                      </label>
                      {d.open ? (
                        <span className="flex flex-1 items-center gap-2">
                          <TimeRange label={day} value={d} invalid={!!error} onChange={(patch) => setDay(i, patch)} />
                        </span>
                      ) : (
                        <span className="text-sm text-slate-500">Folga</span>
                      )}
                    </div>
                    {d.open && draft.breaks.some((b) => breakOn(b, i)) ? (
                      <p className="text-[13px] text-slate-600">
                        Pausa{' '}
                        {draft.breaks
                          .filter((b) => breakOn(b, i))
                          .map((b) => `${b.from}–${b.to}`)
                          .join(', ')}
                      </p>
                    ) : null}
                    <RowError error={error} />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Pausas</legend>
        <p className="text-[13px] text-slate-600">
          Ex.: almoço. Nenhum horário é oferecido dentro de uma pausa, nos dias marcados nela.
        </p>
        {draft.breaks.length ? (
          <ul className="space-y-2">
            {draft.breaks.map((b, i) => {
              const error = err(`breaks.${i}`);
              const n = i + 1;
              return (
                <li key={i}>
                  <div className="flex items-center gap-2">
                    <TimeRange
                      label={`Pausa ${n}`}
                      value={b}
                      invalid={!!error}
                      onChange={(patch) => setBreak(i, patch)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remover pausa ${n}`}
                      onClick={() => set({ breaks: draft.breaks.filter((_, j) => j !== i) })}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                  <div
                    role="group"
                    aria-label={`Dias da pausa ${n}`}
                    className="mt-1 flex flex-wrap items-center gap-1"
                  >
                    {SHORT_DAYS.map((label, w) => (
                      <button
                        key={label}
                        type="button"
                        aria-pressed={breakOn(b, w)}
                        aria-label={`Pausa ${n}: ${WEEKDAYS_PT[w]}`}
                        title={WEEKDAYS_PT[w]}
                        onClick={() => setBreak(i, { weekdays: toggledDays(b, w) })}
                        className="min-h-9 min-w-11 rounded-full border px-2 text-[13px] font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 border-slate-200 bg-white text-slate-600"
                      >
                        {label}
                      </button>
                    ))}
                    <span className="ml-1 text-[13px] text-slate-600">{breakDaysText(b)}</span>
                  </div>
                  <RowError error={error} />
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={draft.breaks.length >= 10}
          onClick={() => set({ breaks: [...draft.breaks, { from: '12:00', to: '13:00', weekdays: [] }] })}
        >
          <Plus aria-hidden />
          Adicionar pausa
        </Button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Folgas</legend>
        <p className="text-[13px] text-slate-600">Dias em que esta pessoa não atende (férias, um compromisso).</p>
        {draft.daysOff.length ? (
          <ul className="flex flex-wrap gap-2">
            {draft.daysOff.map((d) => (
              <li
                key={d}
                className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-3 text-sm text-slate-800"
              >
                {dateLabel(d)}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Remover folga de ${dateLabel(d)}`}
                  onClick={() => set({ daysOff: draft.daysOff.filter((x) => x !== d) })}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1 sm:max-w-56">
            <Field id="professional-day-off" label="Dia de folga" error={err('daysOff')}>
              <Input
                id="professional-day-off"
                type="date"
                value={draft.newDayOff}
                aria-invalid={err('daysOff') ? true : undefined}
                onChange={(e) => set({ newDayOff: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDayOff();
                  }
                }}
              />
            </Field>
          </div>
          <Button type="button" variant="secondary" className="h-11" onClick={addDayOff} disabled={!draft.newDayOff}>
            Adicionar folga
          </Button>
        </div>
      </fieldset>
    </>
  );
}

/** A from–to pair of time inputs, named '<label>: início' and '<label>: fim'. */
function TimeRange({
  label,
  value,
  invalid,
  onChange,
}: {
  label: string;
  value: { from: string; to: string };
  invalid: boolean;
  onChange: (patch: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <Input
        type="time"
        className="min-w-0 flex-1 sm:max-w-32"
        aria-label={`${label}: início`}
        value={value.from}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      <span className="text-sm text-slate-600">às</span>
      <Input
        type="time"
        className="min-w-0 flex-1 sm:max-w-32"
        aria-label={`${label}: fim`}
        value={value.to}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange({ to: e.target.value })}
      />
    </>
  );
}

/** The API's message for one row of a list (a day, a break), under it. */
const RowError = ({ error }: { error: string | undefined }) =>
  error ? (
    <p role="alert" className="mt-1 text-sm text-red-600">
      {error}
    </p>
  ) : null;
