import type { AgendaProfessional } from '@vendai/contracts/agenda';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { selectClass } from './service-fields';

/** A booking's day and time (local to the account), side by side. */
export function DayTimeFields({
  idPrefix,
  day,
  time,
  onDay,
  onTime,
}: {
  idPrefix: string;
  day: string;
  time: string;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field id={`${idPrefix}-day`} label="Dia">
        <Input id={`${idPrefix}-day`} type="date" required value={day} onChange={(e) => onDay(e.target.value)} />
      </Field>
      <Field id={`${idPrefix}-time`} label="Horário">
        <Input
          id={`${idPrefix}-time`}
          type="time"
          step={300}
          required
          value={time}
          onChange={(e) => onTime(e.target.value)}
        />
      </Field>
    </div>
  );
}

/** Who attends, shown only when there is a choice; `anyLabel` adds 'anyone free' as the empty value. */
export function ProfessionalSelect({
  id,
  professionals,
  value,
  onChange,
  anyLabel,
}: {
  id: string;
  professionals: AgendaProfessional[];
  value: string;
  onChange: (id: string) => void;
  anyLabel?: string;
}) {
  if (professionals.length < 2) return null;
  return (
    <Field id={id} label="Profissional">
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {professionals.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
