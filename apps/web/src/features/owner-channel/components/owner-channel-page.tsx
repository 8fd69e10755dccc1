import type { OwnerChannelItem } from '@vendai/contracts';
import { BellRing, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useOwnerChannel } from '../api/get-owner-channel';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const STATUS: Record<NonNullable<OwnerChannelItem['status']>, string> = {
  pending: 'Enviando',
  sent: 'Enviado',
  failed: 'Não enviado',
};

/**
 * 'Avisos' (/avisos, docs/decisions/048-opt-out-and-owner-channel.md): what VendAI sent to the owner's own
 * WhatsApp and what the owner answered there ('1', '2', anything else). Apart from the conversations: the
 * owner's chat is never a customer.
 */
export function OwnerChannelPage() {
  const query = useOwnerChannel();
  const items = query.data?.items ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader
        title="Avisos"
        description="Os avisos que a VendAI mandou para o seu WhatsApp pessoal e as suas respostas. Eles ficam aqui, fora das conversas com clientes."
      />
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <Alert tone="error">Não foi possível carregar os avisos. {query.error.message}</Alert>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <BellRing className="size-8 text-slate-400" aria-hidden />
          <p className="font-semibold text-slate-900">Nenhum aviso ainda</p>
          <p className="max-w-sm text-sm text-slate-600">
            Quando a IA passar um cliente para você, precisar de uma informação ou tiver uma sugestão para aprovar, o
            aviso aparece aqui e no seu WhatsApp.
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Avisos e respostas">
          {items.map((item) => (
            <OwnerChannelEntry key={`${item.from}-${item.id}`} item={item} />
          ))}
        </ol>
      )}
    </div>
  );
}

function OwnerChannelEntry({ item }: { item: OwnerChannelItem }) {
  const reply = item.from === 'reply';
  return (
    <li className={cn('flex', reply ? 'justify-end' : 'justify-start')} data-testid={`owner-channel-${item.from}`}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm shadow-sm',
          reply ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-900',
        )}
      >
        <p className={cn('mb-1 text-xs font-semibold', reply ? 'text-brand-50' : 'text-slate-600')}>
          {reply ? 'Você respondeu' : 'VendAI avisou'}
          {item.contactName ? ` · ${item.contactName}` : ''}
        </p>
        <p className="break-words whitespace-pre-wrap">{item.text}</p>
        <p
          className={cn(
            'mt-1.5 flex flex-wrap items-center gap-x-3 text-xs',
            reply ? 'text-brand-50' : 'text-slate-600',
          )}
        >
          <time dateTime={item.at}>{when.format(new Date(item.at))}</time>
          {item.status ? <span>{STATUS[item.status]}</span> : null}
          {item.convId ? (
            <Link
              to={paths.conversations.getHref(`?${new URLSearchParams({ conversa: item.convId }).toString()}`)}
              className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              <MessagesSquare className="size-3.5" aria-hidden /> Abrir conversa
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}
