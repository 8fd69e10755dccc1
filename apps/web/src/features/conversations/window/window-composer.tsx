import { ApiError } from '@/lib/api-client';
import { Composer, hasDraft } from '../components/composer';
import { useNow } from '../hooks/use-now';
import { TemplateComposer, windowTime } from './template-composer';
import { useConversationWindow, useRefreshWindow } from './window-api';

/** Under this much time left the hint turns amber. */
const SOON_MS = 2 * 60 * 60_000;

/**
 * The message box, aware of the 24-hour window of official-API numbers
 * (docs/decisions/041-cloud-window-and-templates.md): QR conversations and Cloud ones inside the window
 * get the normal composer (Cloud ones with a line saying until when free text may go); outside it,
 * the templates. A send the server refuses because the window closed meanwhile switches to the
 * templates; the composer keeps the typed text as its draft. While Meta's own agent holds the thread, a
 * banner says VendAI is not answering.
 */
export function WindowAwareComposer({
  convId,
  onSend,
  warning,
}: {
  convId: string;
  onSend: (text: string) => Promise<unknown>;
  warning?: string | null;
}) {
  const now = useNow(30_000);
  const window = useConversationWindow(convId, now);
  const refresh = useRefreshWindow(convId);

  const banner = window.metaAgentHolds ? <MetaAgentBanner /> : null;
  if (window.applies && !window.open)
    return (
      <>
        {banner}
        <TemplateComposer
          convId={convId}
          customerLastAt={window.customerLastAt}
          closedByMeta={window.closedByMeta}
          hasDraft={hasDraft(convId)}
        />
      </>
    );

  const send = async (text: string) => {
    try {
      return await onSend(text);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WINDOW_CLOSED') void refresh();
      throw err;
    }
  };
  const left = window.closesAt ? window.closesAt.getTime() - now.getTime() : null;
  return (
    <>
      {banner}
      {window.applies && window.closesAt ? (
        <p
          data-testid="window-hint"
          className={`shrink-0 border-t border-slate-200 px-3 pt-1.5 text-xs sm:px-4 ${left !== null && left < SOON_MS ? 'bg-amber-50 text-amber-900' : 'bg-white text-slate-600'}`}
        >
          API oficial: mensagens livres até {windowTime(window.closesAt)} (24 horas depois da última mensagem do
          cliente). Depois, só modelos aprovados pela Meta.
        </p>
      ) : null}
      <Composer key={`composer-${convId}`} convId={convId} onSend={send} warning={warning} />
    </>
  );
}

/**
 * Meta's own agent holds this customer's thread (their messages came on the webhook's `standby` field,
 * docs/decisions/054-cloud-window-and-templates.md, Standby): shown so the owner knows why VendAI is silent.
 */
function MetaAgentBanner() {
  return (
    <div
      role="status"
      data-testid="meta-agent-banner"
      className="shrink-0 border-t border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900 sm:px-4"
    >
      <p className="font-medium">A IA da Meta está atendendo este número</p>
      <p>Enquanto o agente da Meta estiver com a conversa, a VendAI guarda as mensagens do cliente e não responde.</p>
    </div>
  );
}
