import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { isStaleChunkError, reloadOnceForStaleChunk } from '@/lib/stale-chunk';

/** Full-page error screen of the router (the root route): every message in Portuguese. */
export function RouteError() {
  return <ErrorScreen fullPage />;
}

/** The same screen inside the app shell, so the menu stays usable when one page fails. */
export function PageRouteError() {
  return <ErrorScreen fullPage={false} />;
}

function ErrorScreen({ fullPage }: { fullPage: boolean }) {
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  // A page's code from before a deploy: reload once to get the new build (lib/stale-chunk.ts).
  const [reloading, setReloading] = useState(stale);
  useEffect(() => {
    if (stale) setReloading(reloadOnceForStaleChunk());
  }, [stale]);

  const Frame = fullPage ? 'main' : 'section';
  const frame = cn('flex items-center justify-center px-4', fullPage ? 'min-h-dvh bg-slate-50' : 'py-16');
  if (reloading) {
    return (
      <Frame className={frame}>
        <Spinner label="Atualizando para a versão mais recente..." className="size-6" />
      </Frame>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound
    ? 'Página não encontrada'
    : stale
      ? 'Não foi possível carregar esta página'
      : 'Algo deu errado';
  const text = notFound
    ? 'O endereço que você abriu não existe ou mudou. Volte ao início e siga pelo menu.'
    : stale
      ? 'Publicamos uma nova versão do VendAI ou a conexão caiu. Recarregue a página para continuar.'
      : 'Algo deu errado ao abrir esta página. Recarregue ou volte ao início e tente de novo.';
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Frame className={frame}>
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">{text}</p>
        {!notFound && (
          <details className="mt-4 text-sm text-slate-500">
            <summary className="cursor-pointer select-none">Detalhes técnicos</summary>
            <p className="mt-2 font-mono text-xs break-words text-red-700">{detail}</p>
          </details>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {!notFound && (
            <Button onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden /> Recarregar página
            </Button>
          )}
          <Button asChild variant={notFound ? 'primary' : 'secondary'}>
            <a href={paths.home.getHref()}>Voltar ao início</a>
          </Button>
        </div>
      </div>
    </Frame>
  );
}
