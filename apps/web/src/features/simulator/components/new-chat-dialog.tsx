import { simPhoneSchema } from '@vendai/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { onlyDigits } from '../lib/format';
import type { DraftChat } from '../lib/draft-chat';

/** Who writes: a customer (name + number), alone or as a member of a new group. */
export function NewChatDialog({ open, onOpenChange, onStart }: { open: boolean; onOpenChange: (open: boolean) => void; onStart: (draft: DraftChat) => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [isGroup, setIsGroup] = useState(false);
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Informe o nome do cliente.';
    const parsed = simPhoneSchema.safeParse(phone);
    if (!parsed.success) next.phone = parsed.error.issues[0]!.message;
    if (isGroup && !subject.trim()) next.subject = 'Informe o nome do grupo.';
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    onStart({ customer: { name: name.trim(), phone: parsed.data }, group: isGroup ? { subject: subject.trim() } : null });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Nova conversa" description="Você escreve como este cliente para o número conectado.">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Field id="sim-new-name" label="Nome do cliente" error={errors.name}>
          <Input id="sim-new-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} aria-invalid={Boolean(errors.name)} autoComplete="off" />
        </Field>
        <Field id="sim-new-phone" label="Número do cliente (DDI + DDD + número)" error={errors.phone} hint="Ex.: 5511987654321">
          <Input
            id="sim-new-phone"
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(onlyDigits(e.target.value))}
            maxLength={15}
            aria-invalid={Boolean(errors.phone)}
            autoComplete="off"
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={isGroup} onChange={(e) => setIsGroup(e.target.checked)} className="size-4 accent-brand-700" />
          Escrever de um grupo (o cliente é participante)
        </label>
        {isGroup ? (
          <Field id="sim-new-subject" label="Nome do grupo" error={errors.subject}>
            <Input id="sim-new-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={80} aria-invalid={Boolean(errors.subject)} />
          </Field>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit">Começar conversa</Button>
        </div>
      </form>
    </Dialog>
  );
}
