import { AGENDA_MESSAGES, type AgendaSetup } from '@vendai/contracts/agenda';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSubmit } from '@/components/ui/form-submit';
import { Input } from '@/components/ui/input';
import { useBook } from '../api/agenda';
import { dayLabel, hhmm, instantOf, minutesOfHhmm } from '../lib/zoned';
import { selectClass } from './service-fields';
import { DayTimeFields, ProfessionalSelect } from './when-fields';

/** Where a new booking starts: a cell of the grid, or the page's button (the next full hour). */
export interface BookingSlot {
  day: string;
  minutes: number;
  professionalId: string | null;
}

/** 'Novo agendamento': service, who, day and time, the customer. */
export function NewBookingDialog({
  slot,
  onClose,
  setup,
}: {
  slot: BookingSlot | null;
  onClose: () => void;
  setup: AgendaSetup;
}) {
  return (
    <Dialog open={slot !== null} onOpenChange={(o) => !o && onClose()} title="Novo agendamento">
      {slot ? <NewBookingForm slot={slot} onDone={onClose} setup={setup} /> : null}
    </Dialog>
  );
}

function NewBookingForm({ slot, onDone, setup }: { slot: BookingSlot; onDone: () => void; setup: AgendaSetup }) {
  const services = setup.services.filter((s) => s.active);
  const book = useBook();
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '');
  const [professionalId, setProfessionalId] = useState(slot.professionalId ?? '');
  const [day, setDay] = useState(slot.day);
  const [time, setTime] = useState(hhmm(slot.minutes));
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [nameError, setNameError] = useState<string>();
  const service = services.find((s) => s.id === serviceId);
  const professionals = setup.professionals.filter(
    (p) => p.active && (!service || service.professionalIds.length === 0 || service.professionalIds.includes(p.id)),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!customerName.trim()) return setNameError(AGENDA_MESSAGES.customerName);
    setNameError(undefined);
    book.mutate(
      {
        serviceId,
        professionalId: professionalId || null,
        startsAt: instantOf(day, minutesOfHhmm(time), setup.timeZone).toISOString(),
        customerName: customerName.trim(),
        customerPhone: customerPhone.trim() || null,
      },
      {
        onSuccess: (b) => {
          toast.success(`${b.customerName} agendado para ${dayLabel(day)} às ${time}.`);
          onDone();
        },
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <Field id="booking-service" label="Serviço">
        <select
          id="booking-service"
          className={selectClass}
          value={serviceId}
          onChange={(e) => setServiceId(e.target.value)}
        >
          {services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.durationMinutes} min)
            </option>
          ))}
        </select>
      </Field>
      <ProfessionalSelect
        id="booking-professional"
        professionals={professionals}
        value={professionalId}
        onChange={setProfessionalId}
        anyLabel="Quem estiver livre"
      />
      <DayTimeFields idPrefix="booking" day={day} time={time} onDay={setDay} onTime={setTime} />
      <Field id="booking-customer" label="Cliente" error={nameError}>
        <Input
          id="booking-customer"
          value={customerName}
          maxLength={80}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          onChange={(e) => setCustomerName(e.target.value)}
        />
      </Field>
      <Field id="booking-phone" label="WhatsApp do cliente (opcional)">
        <Input
          id="booking-phone"
          type="tel"
          inputMode="tel"
          value={customerPhone}
          maxLength={30}
          onChange={(e) => setCustomerPhone(e.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-2 sm:items-end">
        <FormSubmit error={book.error?.message} pending={book.isPending} label="Agendar" />
      </div>
    </form>
  );
}
