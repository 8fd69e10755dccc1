import { zodResolver } from '@hookform/resolvers/zod';
import { simApproveSchema, type SimApproveInput } from '@vendai/contracts';
import { CheckCircle2, Link2, Smartphone } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { FORM_OPTIONS, fieldAria } from '@/lib/form';
import { useApproveInstance } from '../api/approve-instance';
import { useSimInstance } from '../api/get-sim-instance';
import { onlyDigits, phoneLabel } from '../lib/format';
import { QrCountdown } from './connections-panel';

/**
 * '/simulador/aprovar/:instance?code=…' — what every simulated QR code links to. Opening it is the
 * phone scanning; confirming links the device (connecting → open) and the app sees connection.update.
 */
export function ApproveView({ instanceName, code }: { instanceName: string; code: string | null }) {
  const instance = useSimInstance(instanceName);
  const approve = useApproveInstance(instanceName);
  const { register, control, handleSubmit, getValues, setValue, clearErrors, formState } = useForm<SimApproveInput>({
    ...FORM_OPTIONS,
    resolver: zodResolver(simApproveSchema),
    defaultValues: { code: code ?? '', phone: '', profileName: '' },
  });
  const phoneError = formState.errors.phone?.message;
  const suggested = instance.data?.suggestedPhone ?? '';
  useEffect(() => {
    if (suggested && !getValues('phone')) setValue('phone', suggested);
  }, [suggested, getValues, setValue]);

  const submit = handleSubmit((data) =>
    approve.mutate({ code: data.code, phone: data.phone, profileName: data.profileName || undefined }),
  );

  const notFound = instance.error instanceof ApiError && instance.error.status === 404;
  const state = approve.isSuccess ? 'open' : instance.data?.state;

  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-8 sm:items-center">
      <div className="w-full max-w-sm overflow-hidden rounded-[2rem] border-8 border-slate-800 bg-white shadow-xl">
        <div className="bg-brand-800 px-5 py-4 text-white">
          <p className="text-xs font-medium text-brand-100">Simulador de WhatsApp · celular</p>
          <h1 className="mt-1 text-lg font-semibold">Conectar aparelho</h1>
        </div>
        <div className="space-y-4 p-5">
          {instance.isPending ? <Spinner label="Lendo o QR Code..." /> : null}
          {notFound ? (
            <Alert tone="error">
              Esta conexão não existe mais no simulador (o QR Code pode ter expirado e a instância ter sido removida).
            </Alert>
          ) : null}
          {instance.isError && !notFound && !instance.data ? (
            <Alert tone="error">Não foi possível ler este QR Code. {instance.error.message}</Alert>
          ) : null}

          {state === 'open' ? (
            <div className="space-y-3 text-center" role="status">
              <CheckCircle2 className="mx-auto size-12 text-brand-700" aria-hidden />
              <p className="text-base font-semibold text-slate-900">Celular conectado!</p>
              <p className="text-sm text-slate-600">
                {approve.isSuccess
                  ? 'Pode voltar para a tela do VendAI: ela avança sozinha em alguns segundos.'
                  : `Este aparelho já está conectado${instance.data?.ownerPhone ? ` ao ${phoneLabel(instance.data.ownerPhone)}` : ''}.`}
              </p>
            </div>
          ) : null}

          {state === 'close' ? (
            <Alert tone="warning">
              Esta conexão não está aguardando a leitura de um QR Code. Peça um QR Code novo no VendAI e escaneie de
              novo.
            </Alert>
          ) : null}

          {state === 'connecting' && instance.data ? (
            <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
              <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
                <Link2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                <p className="text-sm text-slate-700">
                  O <strong>VendAI</strong> quer se conectar ao WhatsApp deste celular como aparelho conectado (
                  <span className="font-mono text-xs">{instanceName}</span>).
                </p>
              </div>
              {instance.data.qr ? (
                <QrCountdown count={instance.data.qr.count} expiresAt={instance.data.qr.expiresAt} />
              ) : null}
              {!code ? (
                <Alert tone="warning">
                  Este link não tem o código do QR. Abra o simulador e use “Escanear com o celular”.
                </Alert>
              ) : null}
              <Field
                id="sim-approve-phone"
                label="Número deste celular (DDI + DDD + número)"
                error={phoneError}
                hint="É o número que o VendAI vai ver como conectado."
              >
                <Controller
                  control={control}
                  name="phone"
                  render={({ field }) => (
                    <Input
                      id="sim-approve-phone"
                      inputMode="numeric"
                      {...field}
                      onChange={(e) => {
                        field.onChange(onlyDigits(e.target.value));
                        clearErrors('phone');
                      }}
                      maxLength={15}
                      {...fieldAria('sim-approve-phone', phoneError)}
                    />
                  )}
                />
              </Field>
              <Field id="sim-approve-profile" label="Nome do perfil (opcional)">
                <Input id="sim-approve-profile" {...register('profileName')} maxLength={60} />
              </Field>
              {approve.isError ? <Alert tone="error">{approve.error.message}</Alert> : null}
              <Button type="submit" className="w-full" size="lg" disabled={approve.isPending || !code}>
                <Smartphone aria-hidden /> {approve.isPending ? 'Conectando...' : 'Aprovar conexão'}
              </Button>
            </form>
          ) : null}

          <p className="text-center text-sm">
            <Link
              to={paths.simulator.getHref('?aba=conexoes')}
              className="font-medium text-brand-800 underline-offset-4 hover:underline"
            >
              Abrir o simulador
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
