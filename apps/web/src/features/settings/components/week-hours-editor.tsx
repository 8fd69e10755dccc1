import { type WeeklyHours, WEEKDAYS_PT } from '@vendai/contracts';

/** Monday first, as owners read a week; values keep index 0 = domingo. */
const ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
/** What a day gets when the owner opens it. */
const DEFAULT_DAY = { from: '08:00', to: '18:00' };
const TIME_CLASS =
  'h-10 w-[7.5rem] rounded-lg border border-slate-300 bg-white px-2 text-[15px] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

/**
 * The week's opening hours (decision 019): per day closed or open from–to; a closing time earlier
 * than the opening closes after midnight. `errors` are per weekday index.
 */
export function WeekHoursEditor({
  value,
  onChange,
  errors,
}: {
  value: WeeklyHours;
  onChange: (next: WeeklyHours) => void;
  errors: (string | undefined)[];
}) {
  const setDay = (i: number, day: WeeklyHours[number]) => onChange(value.map((d, j) => (j === i ? day : d)));
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="week-hours">
      {ORDER.map((i) => {
        const day = value[i] ?? null;
        const name = WEEKDAYS_PT[i];
        const overnight = day && day.to <= day.from;
        return (
          <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
            <label className="flex w-24 items-center gap-2 text-sm font-medium text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={Boolean(day)}
                onChange={(e) => setDay(i, e.target.checked ? DEFAULT_DAY : null)}
              />
              {name}
            </label>
            {day ? (
              <span className="flex items-center gap-2 text-sm text-slate-600">
                <input
                  type="time"
                  aria-label={`${name}: abre às`}
                  className={TIME_CLASS}
                  value={day.from}
                  onChange={(e) => setDay(i, { ...day, from: e.target.value })}
                />
                até
                <input
                  type="time"
                  aria-label={`${name}: fecha às`}
                  className={TIME_CLASS}
                  value={day.to}
                  onChange={(e) => setDay(i, { ...day, to: e.target.value })}
                />
              </span>
            ) : (
              <span className="text-sm text-slate-500">Fechado</span>
            )}
            {day && overnight ? <p className="w-full text-xs text-slate-500">Fecha no dia seguinte.</p> : null}
            {errors[i] ? (
              <p role="alert" className="w-full text-sm text-red-600">
                {errors[i]}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
