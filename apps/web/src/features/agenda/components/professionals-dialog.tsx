import type { WeeklyHours } from '@vendai/contracts';
import type { AgendaProfessional } from '@vendai/contracts/agenda';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSubmit } from '@/components/ui/form-submit';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useBusinessSettings } from '@/lib/api/business-facts';
import { useSaveProfessional } from '../api/agenda';
import { breakDaysText, daysOf, ProfessionalFields, type ProfessionalDraft as Draft } from './professional-fields';
import { EditingHeading, type SetupDialogProps, SetupList } from './setup-list';

/** Monday to Friday 08:00–18:00, Saturday to 13:00: the business hours' own default. */
const FALLBACK_WEEK: WeeklyHours = [
  null,
  ...Array.from({ length: 5 }, () => ({ from: '08:00', to: '18:00' })),
  { from: '08:00', to: '13:00' },
];

const draftOf = (p: AgendaProfessional | null, business: WeeklyHours): Draft => ({
  name: p?.name ?? '',
  businessHours: !p?.week,
  week: daysOf(p?.week ?? business),
  breaks: p?.breaks ?? [],
  daysOff: p?.daysOff ?? [],
  newDayOff: '',
});

const hoursText = (p: AgendaProfessional) => {
  const own = p.week ? 'Horário próprio' : 'Horário do negócio';
  const pauses = p.breaks.length
    ? ` · ${p.breaks.map((b) => `pausa ${b.from}–${b.to}${b.weekdays.length ? ` (${breakDaysText(b)})` : ''}`).join(', ')}`
    : '';
  const off = p.daysOff.length ? ` · ${p.daysOff.length} ${p.daysOff.length === 1 ? 'folga' : 'folgas'}` : '';
  return own + pauses + off;
};

/** The first of the API's messages (`fields`, decision 069) whose key starts with one of these. */
const fieldError = (fields: Record<string, string>, ...keys: string[]) =>
  Object.entries(fields).find(([k]) => keys.some((key) => k === key || k.startsWith(`${key}.`)))?.[1];

/**
 * 'Profissionais' (docs/decisions/069-agenda.md): who works (a person or a room), each one's week (the
 * business hours of Configurações by default, or their own), breaks such as lunch, and days off; the
 * national holidays and the business's closed days already close everyone. Deactivating takes a
 * professional off the agenda; the API refuses it while they have future bookings.
 */
export function ProfessionalsDialog({ open, onOpenChange, setup }: SetupDialogProps) {
  const business = useBusinessSettings().data?.hours ?? FALLBACK_WEEK;
  const save = useSaveProfessional();
  const toggleActive = useSaveProfessional();
  const [editing, setEditing] = useState<AgendaProfessional | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null, business));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const err = (...keys: string[]) => fieldError(fields, ...keys);
  const placed = Object.keys(fields).some((k) => ['name', 'week', 'breaks', 'daysOff'].includes(k.split('.')[0]!));

  const startEdit = (p: AgendaProfessional | null) => {
    setEditing(p);
    setDraft(draftOf(p, business));
    save.reset();
    toggleActive.reset();
  };

  const inputOf = (p: AgendaProfessional) => ({
    name: p.name,
    kind: p.kind,
    week: p.week,
    breaks: p.breaks,
    daysOff: p.daysOff,
    active: p.active,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: editing?.id ?? null,
        input: {
          name: draft.name,
          kind: editing?.kind ?? 'person',
          week: draft.businessHours ? null : draft.week.map((d) => (d.open ? { from: d.from, to: d.to } : null)),
          breaks: draft.breaks,
          daysOff: draft.daysOff,
          active: editing?.active ?? true,
        },
      },
      {
        onSuccess: (p) => {
          toast.success(editing ? `${p.name} salvo.` : `${p.name} adicionado à agenda.`);
          startEdit(null);
        },
      },
    );
  };

  const setActive = (p: AgendaProfessional, active: boolean) =>
    toggleActive.mutate(
      { id: p.id, input: { ...inputOf(p), active } },
      {
        onSuccess: (saved) => {
          toast.success(active ? `${saved.name} voltou à agenda.` : `${saved.name} desativado.`);
          if (editing?.id === saved.id) setEditing(saved);
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profissionais"
      description="Quem atende e quando. Feriados nacionais e os dias fechados do negócio já ficam de fora para todos."
      size="wide"
    >
      <SetupList
        items={setup.professionals}
        onEdit={startEdit}
        badge={(p) =>
          p.active ? null : (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              Inativo
            </span>
          )
        }
        details={hoursText}
        actions={(p) => (
          <Button
            type="button"
            variant="ghost"
            onClick={() => setActive(p, !p.active)}
            disabled={toggleActive.isPending}
            aria-label={`${p.active ? 'Desativar' : 'Reativar'} ${p.name}`}
          >
            {p.active ? 'Desativar' : 'Reativar'}
          </Button>
        )}
      />
      {toggleActive.error ? (
        <div className="mt-3">
          <Alert tone="error">{toggleActive.error.message}</Alert>
        </div>
      ) : null}
      <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
        <EditingHeading editing={editing} newTitle="Novo profissional" onCancel={() => startEdit(null)} />
        <Field id="professional-name" label="Nome" error={err('name')} hint="Uma pessoa ou uma sala/equipamento">
          <Input
            id="professional-name"
            value={draft.name}
            maxLength={60}
            placeholder="Ex.: Dra. Ana"
            aria-invalid={err('name') ? true : undefined}
            aria-describedby={err('name') ? 'professional-name-error' : undefined}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>

        <ProfessionalFields draft={draft} set={set} err={err} business={business} ownWeek={editing?.week ?? null} />

        <div className="flex flex-col gap-2 sm:items-end">
          <FormSubmit
            error={
              placed ? 'Corrija o que está marcado acima; o resto continua como você deixou.' : save.error?.message
            }
            pending={save.isPending}
            label={editing ? 'Salvar profissional' : 'Adicionar profissional'}
          />
        </div>
      </form>
    </Dialog>
  );
}
