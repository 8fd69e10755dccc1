import { BadgeCheck, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Logo } from '@/components/ui/logo';
import { ApiError } from '@/lib/api-client';
import { useApproveCloudSignup } from '../api/cloud';

/**
 * '/simulador/meta': the simulator's stand-in for Meta's Embedded Signup dialog
 * (docs/decisions/036-cloud-signup-window-pacing.md). Opened in the launcher's popup with the same query as Meta's
 * dialog; 'Aprovar cadastro' creates the simulated business number and goes to the app's callback with a
 * one-time code and the launcher's state, as Meta would.
 */
export function CloudSignupView() {
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const [phone, setPhone] = useState('55119' + String(Date.now()).slice(-8));
  const [name, setName] = useState('Minha Loja');
  const approve = useApproveCloudSignup();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    approve.mutate({ phone, name, state }, { onSuccess: ({ redirect }) => window.location.assign(redirect) });
  };
  const refuse = () => {
    const query = new URLSearchParams({ error: 'access_denied', error_description: 'Cadastro cancelado.', state });
    window.location.assign(`/connect/whatsapp/callback?${query}`);
  };

  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10">
      <Logo />
      <form
        onSubmit={submit}
        className="mt-8 w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        aria-labelledby="cloud-signup-title"
      >
        <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800">
          <FlaskConical className="size-3.5" aria-hidden /> Simulador da Meta
        </p>
        <h1 id="cloud-signup-title" className="mt-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <BadgeCheck className="size-5 text-brand-700" aria-hidden /> Cadastro incorporado do WhatsApp
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Aqui a Meta pediria o login do Facebook, a empresa e o número. No simulador, informe o número e o nome da
          empresa e aprove.
        </p>
        {!state ? (
          <div className="mt-4">
            <Alert tone="error">Abra esta página pelo botão de conexão do VendAI (falta o state do pedido).</Alert>
          </div>
        ) : null}
        <div className="mt-5 space-y-4">
          <Field id="cloud-phone" label="Número do WhatsApp da empresa" hint="Com DDI e DDD, só dígitos.">
            <Input id="cloud-phone" inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
          <Field id="cloud-name" label="Nome da empresa verificado">
            <Input id="cloud-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        {approve.isError ? (
          <div className="mt-4">
            <Alert tone="error">
              {approve.error instanceof ApiError ? approve.error.message : 'Não foi possível aprovar. Tente de novo.'}
            </Alert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={refuse}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!state || approve.isPending}>
            Aprovar cadastro
          </Button>
        </div>
      </form>
    </main>
  );
}
