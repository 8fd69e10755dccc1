import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Route error screen (part 1 §8): the 'Unexpected Application Error!' title with the status or message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <h2 className="mt-3 font-mono text-sm break-words text-red-700">{detail}</h2>
        <p className="mt-4 text-sm text-slate-600">
          Algo deu errado ao abrir esta página. Volte ao início e tente de novo.
        </p>
        <a
          href={paths.home.getHref()}
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Voltar ao início
        </a>
      </div>
    </main>
  );
}
