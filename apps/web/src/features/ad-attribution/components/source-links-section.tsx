import type { SourceLinkDto } from '@vendai/contracts';
import { Copy, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCreateSourceLink, useDeleteSourceLink, useSourceLinks } from '../api/source-links';

/**
 * Configurações → 'Links de origem' (docs/decisions/071-ad-attribution.md): a wa.me link (and its QR code) per
 * place the owner shares the number — the Instagram bio, the Google profile, a flyer. The customer's first
 * message carries the link's code; VendAI recognises it, takes it out of what the AI reads, and Resultados
 * counts that link's conversations and sales.
 */
export function SourceLinksSection() {
  const links = useSourceLinks();
  return (
    <section
      id="links-de-origem"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="links-de-origem-title"
    >
      <h2 id="links-de-origem-title" className="font-semibold text-slate-900">
        Links de origem
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Crie um link do WhatsApp para cada lugar onde você divulga (bio do Instagram, perfil do Google, panfleto). Quem
        chegar por ele aparece com a origem na conversa, e as vendas entram em Resultados → Origem das vendas.
      </p>
      <NewLinkForm />
      {links.isError ? (
        <Alert tone="error" className="mt-4">
          Não foi possível carregar os links. Recarregue a página.
        </Alert>
      ) : links.data ? (
        links.data.length ? (
          <ul className="mt-4 flex flex-col gap-3" data-testid="source-links">
            {links.data.map((l) => (
              <LinkItem key={l.id} link={l} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-600">Nenhum link criado ainda.</p>
        )
      ) : (
        <Spinner label="Carregando..." />
      )}
    </section>
  );
}

function NewLinkForm() {
  const create = useCreateSourceLink();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const other = create.error && !fields.name && !fields.code ? create.error.message : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, code },
      {
        onSuccess: () => {
          setName('');
          setCode('');
          toast.success('Link criado.');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
      <Field id="source-link-name" label="Nome do link" error={fields.name}>
        <Input
          id="source-link-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Bio do Instagram"
          maxLength={60}
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? 'source-link-name-error' : undefined}
        />
      </Field>
      <Field id="source-link-code" label="Código" error={fields.code}>
        <Input
          id="source-link-code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder="BIO"
          maxLength={20}
          aria-invalid={fields.code ? true : undefined}
          aria-describedby={fields.code ? 'source-link-code-error' : undefined}
        />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        Criar link
      </Button>
      {other ? (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3">
          {other}
        </p>
      ) : null}
    </form>
  );
}

function LinkItem({ link }: { link: SourceLinkDto }) {
  const remove = useDeleteSourceLink();
  const copy = (url: string) =>
    void navigator.clipboard?.writeText(url).then(
      () => toast.success('Link copiado.'),
      () => toast.error('Não foi possível copiar; selecione o link e copie.'),
    );
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="source-link">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {link.name} <span className="text-sm font-normal text-slate-600">· código {link.code}</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => remove.mutate(link.id)}
          disabled={remove.isPending}
          aria-label={`Excluir o link ${link.name}`}
        >
          <Trash2 aria-hidden /> Excluir
        </Button>
      </div>
      {link.links.length ? (
        <ul className="mt-2 flex flex-col gap-3">
          {link.links.map((w) => (
            <li key={w.url} className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <img
                src={w.qrPng}
                alt={`QR code do link ${link.name} (${w.numberLabel})`}
                className="size-28 shrink-0 rounded-lg border border-slate-200"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-xs text-slate-600">{w.numberLabel}</p>
                <code className="block rounded-md bg-slate-50 px-2 py-1 text-xs break-all text-slate-800">{w.url}</code>
                <Button variant="secondary" size="sm" className="self-start" onClick={() => copy(w.url)}>
                  <Copy aria-hidden /> Copiar link
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Conecte um WhatsApp para gerar o link.</p>
      )}
    </li>
  );
}
