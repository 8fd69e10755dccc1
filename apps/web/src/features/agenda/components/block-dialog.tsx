import { AGENDA_MESSAGES, type AgendaBlock, type AgendaSetup } from '@vendai/contracts/agenda';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSubmit } from '@/components/ui/form-submit';
import { Input } from '@/components/ui/input';
import { useAddBlock, useRemoveBlock } from '../api/agenda';
import { dayLabel, hhmm, instantOf, minutesOfHhmm, wallClock } from '../lib/zoned';
import { selectClass } from './service-fields';

/** 'Bloquear horário': lunch, a holiday, a course; for one professional or everyone. */
export function BlockDialog({ day, onClose, setup }: { day: string | null; onClose: () => void; setup: AgendaSetup }) {
  return (
    <Dialog
      open={day !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Bloquear horário"
      description="Ninguém agenda nesse período: nem você, nem a IA."
    >
      {day ? <BlockForm day={day} onDone={onClose} setup={setup} /> : null}
    </Dialog>
  );
}

function BlockForm({ day: initialDay, onDone, setup }: { day: string; onDone: () => void; setup: AgendaSetup }) {
  const add = useAddBlock();
  const [day, setDay] = useState(initialDay);
  const [from, setFrom] = useState('12:00');
  const [to, setTo] = useState('13:00');
  const [reason, setReason] = useState('Almoço');
  const [professionalId, setProfessionalId] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wholeDay = from === '' && to === '';
    const fromMinutes = wholeDay ? 0 : minutesOfHhmm(from);
    const toMinutes = wholeDay ? 24 * 60 : minutesOfHhmm(to);
    if (!(toMinutes > fromMinutes)) return setError(AGENDA_MESSAGES.blockOrder);
    setError(undefined);
    add.mutate(
      {
        professionalId: professionalId || null,
        startsAt: instantOf(day, fromMinutes, setup.timeZone).toISOString(),
        endsAt: instantOf(day, toMinutes, setup.timeZone).toISOString(),
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          toast.success(`Horário bloqueado em ${dayLabel(day)}.`);
          onDone();
        },
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <Field id="block-day" label="Dia">
        <Input id="block-day" type="date" required value={day} onChange={(e) => setDay(e.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="block-from" label="Das">
          <Input id="block-from" type="time" step={300} value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="block-to" label="Até" error={error}>
          <Input
            id="block-to"
            type="time"
            step={300}
            value={to}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
      </div>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto"
        onClick={() => {
          setFrom('');
          setTo('');
          setReason('Feriado');
        }}
      >
        O dia todo
      </Button>
      {setup.professionals.length > 1 ? (
        <Field id="block-professional" label="Para quem">
          <select
            id="block-professional"
            className={selectClass}
            value={professionalId}
            onChange={(e) => setProfessionalId(e.target.value)}
          >
            <option value="">Todos</option>
            {setup.professionals.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field id="block-reason" label="Motivo">
        <Input id="block-reason" value={reason} maxLength={80} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="flex flex-col gap-2 sm:items-end">
        <FormSubmit error={add.error?.message} pending={add.isPending} label="Bloquear" />
      </div>
    </form>
  );
}

/** A block shown in the grid: what and when, and 'Remover bloqueio'. */
export function BlockDetailsDialog({
  block,
  onClose,
  timeZone,
}: {
  block: AgendaBlock | null;
  onClose: () => void;
  timeZone: string;
}) {
  const remove = useRemoveBlock();
  const start = block ? wallClock(new Date(block.startsAt), timeZone) : null;
  const end = block ? wallClock(new Date(block.endsAt), timeZone) : null;
  return (
    <Dialog
      open={block !== null}
      onOpenChange={(o) => !o && onClose()}
      title={block?.reason || 'Horário bloqueado'}
      description={
        start && end
          ? `${dayLabel(start.day)}, ${hhmm(start.minutes)} até ${end.day === start.day ? hhmm(end.minutes) : `${dayLabel(end.day)}, ${hhmm(end.minutes)}`}`
          : undefined
      }
      footer={
        block ? (
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(block.id, {
                onSuccess: () => {
                  toast.success('Bloqueio removido.');
                  onClose();
                },
                onError: (err) => toast.error(err.message),
              })
            }
          >
            Remover bloqueio
          </Button>
        ) : null
      }
    />
  );
}
