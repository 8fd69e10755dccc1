import { type WeeklyHours, WEEKDAYS_PT } from '@vendai/contracts';
import type { AgendaBreak, AgendaProfessional, AgendaSetup } from '@vendai/contracts/agenda';
import { Plus, X } from 'lucide-react';
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

type Day = { open: boolean; from: string; to: string };
interface Draft {
  name: string;
  /** true: the business hours of Configurações (week null), as they change. */
  businessHours: boolean;
  week: Day[];
  breaks: AgendaBreak[];
  daysOff: string[];
  newDayOff: string;
}

/** Monday to Friday 08:00–18:00, Saturday to 13:00: the business hours' own default. */
const FALLBACK_WEEK: WeeklyHours = [
  null,
  ...Array.from({ length: 5 }, () => ({ from: '08:00', to: '18:00' })),
  { from: '08:00', to: '13:00' },
];

const daysOf = (week: WeeklyHours): Day[] =>
  week.map((d) => (d ? { open: true, from: d.from, to: d.to } : { open: false, from: '08:00', to: '18:00' }));

const draftOf = (p: AgendaProfessional | null, business: WeeklyHours): Draft => ({
  name: p?.name ?? '',
  businessHours: !p?.week,
  week: daysOf(p?.week ?? business),
  breaks: p?.breaks ?? [],
  daysOff: p?.daysOff ?? [],
  newDayOff: '',
});

const dateLabel = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('pt-BR', {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const hoursText = (p: AgendaProfessional) => {
  const own = p.week ? 'Horário próprio' : 'Horário do negócio';
  const pauses = p.breaks.length ? ` · ${p.breaks.map((b) => `pausa ${b.from}–${b.to}`).join(', ')}` : '';
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
export function ProfessionalsDialog({
  open,
  onOpenChange,
  setup,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: AgendaSetup;
}) {
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

  const setDay = (i: number, patch: Partial<Day>) =>
    set({ week: draft.week.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  const setBreak = (i: number, patch: Partial<AgendaBreak>) =>
    set({ breaks: draft.breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const addDayOff = () => {
    if (!draft.newDayOff || draft.daysOff.includes(draft.newDayOff)) return set({ newDayOff: '' });
    set({ daysOff: [...draft.daysOff, draft.newDayOff].sort(), newDayOff: '' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profissionais"
      description="Quem atende e quando. Feriados nacionais e os dias fechados do negócio já ficam de fora para todos."
      size="wide"
    >
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {setup.professionals.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {p.name}
                {p.active ? null : (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                    Inativo
                  </span>
                )}
              </span>
              <span className="block text-slate-600">{hoursText(p)}</span>
            </span>
            <span className="flex gap-2">
              <Button
                type="button"
                variant="ghost"
                onClick={() => setActive(p, !p.active)}
                disabled={toggleActive.isPending}
                aria-label={`${p.active ? 'Desativar' : 'Reativar'} ${p.name}`}
              >
                {p.active ? 'Desativar' : 'Reativar'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => startEdit(p)} aria-label={`Editar ${p.name}`}>
                Editar
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {toggleActive.error ? (
        <div className="mt-3">
          <Alert tone="error">{toggleActive.error.message}</Alert>
        </div>
      ) : null}
      <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900">
            {editing ? `Editar ${editing.name}` : 'Novo profissional'}
          </h3>
          {editing ? (
            <Button type="button" variant="ghost" onClick={() => startEdit(null)}>
              Cancelar edição
            </Button>
          ) : null}
        </div>
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
                    : { businessHours: false, week: daysOf(editing?.week ?? business) },
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
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => set({ week: daysOf(business) })}
                >
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
                            <Input
                              type="time"
                              className="min-w-0 flex-1 sm:max-w-32"
                              aria-label={`${day}: início`}
                              value={d.from}
                              aria-invalid={error ? true : undefined}
                              onChange={(e) => setDay(i, { from: e.target.value })}
                            />
                            <span className="text-sm text-slate-600">às</span>
                            <Input
                              type="time"
                              className="min-w-0 flex-1 sm:max-w-32"
                              aria-label={`${day}: fim`}
                              value={d.to}
                              aria-invalid={error ? true : undefined}
                              onChange={(e) => setDay(i, { to: e.target.value })}
                            />
                          </span>
                        ) : (
                          <span className="text-sm text-slate-500">Folga</span>
                        )}
                      </div>
                      {error ? (
                        <p role="alert" className="mt-1 text-sm text-red-600">
                          {error}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Pausas</legend>
          <p className="text-[13px] text-slate-600">Ex.: almoço. Nenhum horário é oferecido dentro de uma pausa.</p>
          {draft.breaks.length ? (
            <ul className="space-y-2">
              {draft.breaks.map((b, i) => {
                const error = err(`breaks.${i}`);
                const n = i + 1;
                return (
                  <li key={i}>
                    <div className="flex items-center gap-2">
                      <Input
                        type="time"
                        className="min-w-0 flex-1 sm:max-w-32"
                        aria-label={`Pausa ${n}: início`}
                        value={b.from}
                        aria-invalid={error ? true : undefined}
                        onChange={(e) => setBreak(i, { from: e.target.value })}
                      />
                      <span className="text-sm text-slate-600">às</span>
                      <Input
                        type="time"
                        className="min-w-0 flex-1 sm:max-w-32"
                        aria-label={`Pausa ${n}: fim`}
                        value={b.to}
                        aria-invalid={error ? true : undefined}
                        onChange={(e) => setBreak(i, { to: e.target.value })}
                      />
                      <span className="hidden text-sm text-slate-600 sm:inline">
                        {b.weekdays.length ? b.weekdays.map((w) => WEEKDAYS_PT[w]).join(', ') : 'todos os dias'}
                      </span>
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
                    {error ? (
                      <p role="alert" className="mt-1 text-sm text-red-600">
                        {error}
                      </p>
                    ) : null}
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

        <div className="flex flex-col gap-2 sm:items-end">
          <FormSubmit
            error={placed ? 'Corrija o que está marcado acima; o resto continua como você deixou.' : save.error?.message}
            pending={save.isPending}
            label={editing ? 'Salvar profissional' : 'Adicionar profissional'}
          />
        </div>
      </form>
    </Dialog>
  );
}
