import type { ReminderSettings } from '@vendai/contracts/booking-reminders';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSubmit } from '@/components/ui/form-submit';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminders';

/**
 * 'Lembretes' (the owner's; docs/decisions/073-booking-reminders.md): when the customer is reminded before
 * the appointment (24 h and 2 h by default, or off) and, for the official WhatsApp, the approved template
 * used outside the 24-hour window.
 */
export function RemindersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useReminderSettings(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Lembretes"
      description="O cliente recebe um lembrete antes do horário e responde 1 para confirmar, 2 para remarcar ou 3 para cancelar. A resposta aparece no agendamento."
    >
      {settings.data ? (
        <RemindersForm initial={settings.data} onDone={() => onOpenChange(false)} />
      ) : (
        <Spinner label="Carregando..." />
      )}
    </Dialog>
  );
}

const asText = (n: number | undefined) => (n === undefined ? '' : String(n));

function RemindersForm({ initial, onDone }: { initial: ReminderSettings; onDone: () => void }) {
  const save = useSaveReminderSettings();
  const [on, setOn] = useState(initial.hours.length > 0);
  const [first, setFirst] = useState(asText(initial.hours[0] ?? 24));
  const [second, setSecond] = useState(asText(initial.hours.length === 0 ? 2 : initial.hours[1]));
  const [template, setTemplate] = useState(initial.templateName ?? '');
  const [language, setLanguage] = useState(initial.templateLanguage ?? 'pt_BR');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const hours = on ? [first, second].filter((v) => v.trim() !== '').map(Number) : [];
    save.mutate(
      {
        hours,
        templateName: template.trim() || null,
        templateLanguage: template.trim() ? language.trim() || null : null,
      },
      {
        onSuccess: () => {
          toast.success(on ? 'Lembretes salvos.' : 'Lembretes desligados.');
          onDone();
        },
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <div className="flex items-center justify-between gap-3">
        <span id="reminders-on" className="text-sm font-medium text-slate-800">
          Enviar lembretes pelo WhatsApp
        </span>
        <Switch aria-labelledby="reminders-on" checked={on} onCheckedChange={setOn} />
      </div>
      {on ? (
        <div className="grid grid-cols-2 gap-3">
          <Field id="reminder-first" label="1º lembrete (horas antes)">
            <Input
              id="reminder-first"
              inputMode="numeric"
              value={first}
              onChange={(e) => setFirst(e.target.value.replace(/\D/g, ''))}
            />
          </Field>
          <Field id="reminder-second" label="2º lembrete (horas antes)" hint="Vazio: só um lembrete.">
            <Input
              id="reminder-second"
              inputMode="numeric"
              value={second}
              onChange={(e) => setSecond(e.target.value.replace(/\D/g, ''))}
            />
          </Field>
        </div>
      ) : null}
      <div className="space-y-3 rounded-lg border border-slate-200 p-3">
        <p className="text-sm text-slate-700">
          <span className="font-semibold">WhatsApp oficial:</span> fora da janela de 24 horas só um modelo aprovado pela
          Meta (categoria Utilidade) pode ser enviado. Crie o modelo com variáveis com nome, na ordem e quantidade que
          quiser: {'{{nome}}, {{servico}}, {{data}}, {{hora}}, {{quando}} (dia e hora) e {{profissional}}'} — ou
          numeradas, três: nome, serviço, dia e hora. Sem modelo, o lembrete não é enviado e o motivo aparece no
          agendamento.
        </p>
        <div className="grid grid-cols-[1fr_7rem] gap-3">
          <Field id="reminder-template" label="Nome do modelo">
            <Input
              id="reminder-template"
              placeholder="lembrete_horario"
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
            />
          </Field>
          <Field id="reminder-language" label="Idioma">
            <Input id="reminder-language" value={language} onChange={(e) => setLanguage(e.target.value)} />
          </Field>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <FormSubmit error={save.error?.message} pending={save.isPending} label="Salvar lembretes" />
      </div>
    </form>
  );
}
