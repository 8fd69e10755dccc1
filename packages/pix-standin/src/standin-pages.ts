import type { FastifyInstance, FastifyReply } from 'fastify';
import { PIX_STANDIN_PAGES_PREFIX } from './standin-api.ts';
import {
  actionFrom,
  applyStandinAction,
  STANDIN_ACTIONS,
  type StandinAction,
  type StandinDelivery,
} from './standin-events.ts';
import { newMercadoPagoStandinCredentials } from './mercadopago-api.ts';
import type { PixStandinStore, StandinPayment } from './standin-store.ts';

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => escapeMap[c]!);
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const dateBr = (isoDate: string) => isoDate.split('-').reverse().join('/');

const STATUS: Record<string, string> = {
  PENDING: 'Aguardando pagamento',
  RECEIVED: 'Pago',
  OVERDUE: 'Vencida',
  REFUNDED: 'Estornada',
  CHARGEBACK_REQUESTED: 'Contestada (chargeback)',
  // Mercado Pago's
  pending: 'Aguardando pagamento',
  approved: 'Pago',
  cancelled: 'Cancelada',
  refunded: 'Estornada',
  charged_back: 'Contestada (chargeback)',
};

/** What the bank shows for a payment's status, in Portuguese (a Mercado Pago Pix past its date is 'Vencida'). */
const statusLabel = (p: StandinPayment) =>
  p.status === 'cancelled' && p.statusDetail === 'expired' ? 'Vencida' : (STATUS[p.status] ?? p.status);

const css = `*{box-sizing:border-box}body{margin:0;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f4f0fa;color:#1e1b4b}
.bar{background:#fef3c7;color:#78350f;font-size:13px;text-align:center;padding:8px 12px;border-bottom:1px solid #fde68a}
header{background:#4c1d95;color:#fff;padding:16px;font-weight:700;font-size:18px;text-align:center}
main{max-width:440px;margin:24px auto;padding:0 16px}.card{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(30,27,75,.12)}
h1{font-size:18px;margin:0 0 12px}.amount{font-size:34px;font-weight:800;margin:4px 0 12px}.muted{color:#6b7280;font-size:14px}
.row{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-top:1px solid #ede9fe;font-size:14px}.row>:last-child{text-align:right;font-weight:600}
.qr{display:block;margin:12px auto;width:200px;height:200px}.code{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all;background:#f5f3ff;border-radius:8px;padding:10px}
textarea{width:100%;min-height:110px;font:inherit;font-size:13px;border:1px solid #c4b5fd;border-radius:10px;padding:10px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}form{margin:0}
button,.btn{display:block;width:100%;text-align:center;font:inherit;font-weight:600;font-size:16px;border-radius:12px;padding:13px 16px;cursor:pointer;border:1px solid transparent;text-decoration:none}
.primary{background:#6d28d9;color:#fff}.primary:hover{background:#5b21b6}.secondary{background:#fff;color:#4c1d95;border-color:#c4b5fd}
.ok{background:#ecfdf5;color:#065f46;border-radius:10px;padding:10px 12px;margin-top:12px}.warn{background:#fffbeb;color:#92400e;border-radius:10px;padding:10px 12px;margin-top:12px}
ul{list-style:none;padding:0;margin:0}li a{display:flex;justify-content:space-between;padding:10px 0;border-top:1px solid #ede9fe;color:inherit;text-decoration:none;font-size:14px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Banco local</title><style>${css}</style></head><body>
<div class="bar" role="note">Banco local de teste do VendAI: nenhum dinheiro de verdade é movimentado.</div>
<header>Banco local · Pix</header><main><div class="card">${body}</div></main></body></html>`;
}

const ACTION_LABELS: Record<Exclude<StandinAction, 'pagar'>, string> = {
  expirar: 'Simular vencimento',
  estornar: 'Estornar pagamento',
  contestar: 'Simular contestação',
};

const button = (action: string, label: string, kind: 'primary' | 'secondary') =>
  `<form method="post" action="${esc(action)}"><button type="submit" class="${kind}">${esc(label)}</button></form>`;

async function chargeBody(p: StandinPayment): Promise<string> {
  const base = `${PIX_STANDIN_PAGES_PREFIX}/cobranca/${esc(p.id)}`;
  const { default: QRCode } = await import('qrcode'); // loaded on the first QR drawn, not at start
  const qr = await QRCode.toDataURL(p.pixPayload, { margin: 1, width: 400 });
  const actions = (Object.keys(STANDIN_ACTIONS) as StandinAction[])
    .filter((a) => !p.deleted && actionFrom(p, a).includes(p.status))
    .map((a) =>
      a === 'pagar'
        ? button(`${base}/pagar`, 'Pagar', 'primary')
        : button(`${base}/${a}`, ACTION_LABELS[a], 'secondary'),
    );
  const label = statusLabel(p);
  const notice =
    p.deleted || label === 'Cancelada'
      ? '<p class="warn">Esta cobrança foi cancelada pelo recebedor e não pode mais ser paga.</p>'
      : label === 'Pago'
        ? '<p class="ok">Pix enviado. O recebedor já foi avisado.</p>'
        : label === 'Estornada'
          ? '<p class="warn">Este pagamento foi estornado.</p>'
          : label === 'Contestada (chargeback)'
            ? '<p class="warn">O pagador contestou este pagamento.</p>'
            : label === 'Vencida'
              ? '<p class="warn">Esta cobrança venceu.</p>'
              : '';
  return `<h1>Pagar com Pix</h1><p class="muted">Para VendAI Pix local · ${p.api === 'mercadopago' ? 'Mercado Pago' : 'Asaas'}</p>
<p class="amount">${brl(p.valueCents)}</p>
<div class="row"><span>Descrição</span><span>${esc(p.description || '—')}</span></div>
<div class="row"><span>Vencimento</span><span>${dateBr(p.dueDate)}</span></div>
<div class="row"><span>Situação</span><span>${esc(label)}</span></div>
<img class="qr" src="${qr}" alt="QR Code Pix da cobrança">
<p class="muted">Pix copia e cola</p><p class="code">${esc(p.pixPayload)}</p>${notice}
<div class="actions">${actions.join('')}<a class="btn secondary" href="${PIX_STANDIN_PAGES_PREFIX}">Voltar</a></div>`;
}

/**
 * The stand-in's bank app in the app: /pix-local (paste a Pix copia e cola, or pick a recent charge),
 * /pix-local/cobranca/:id (the charge as a bank shows it, with 'Pagar'; an Asaas or a Mercado Pago
 * charge alike), /pix-local/mercadopago/credenciais (a Mercado Pago account's access token and
 * secret, as its developer panel shows them). Payment ids are random:
 * knowing one is the access, like a Pix code.
 */
export async function pixStandinPages(
  app: FastifyInstance,
  o: { store: PixStandinStore; appUrl: string; root: FastifyInstance; delivery: StandinDelivery },
) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);

  app.get('/', async (_req, reply) => {
    const recent = await o.store.recentPayments();
    const list = recent
      .map(
        (p) =>
          `<li><a href="${PIX_STANDIN_PAGES_PREFIX}/cobranca/${esc(p.id)}"><span>${esc(p.description || 'Cobrança Pix')}</span><span>${brl(p.valueCents)} · ${esc(statusLabel(p))}</span></a></li>`,
      )
      .join('');
    return html(
      reply,
      page(
        'Pix',
        `<h1>Pix copia e cola</h1><form method="post" action="${PIX_STANDIN_PAGES_PREFIX}/ler"><textarea name="codigo" aria-label="Código Pix copia e cola" placeholder="Cole aqui o código Pix"></textarea><div class="actions"><button type="submit" class="primary">Continuar</button></div></form>
<h1 style="margin-top:24px">Cobranças recentes</h1>${list ? `<ul>${list}</ul>` : '<p class="muted">Nenhuma cobrança ainda.</p>'}
<h1 style="margin-top:24px">Mercado Pago local</h1><p class="muted">Para testar o Mercado Pago sem internet: com <code>PIX_MERCADOPAGO_URL=local</code> no servidor, crie aqui as credenciais e cole-as em Configurações → Pagamentos Pix → Mercado Pago.</p>
<form method="post" action="${PIX_STANDIN_PAGES_PREFIX}/mercadopago/credenciais"><div class="actions"><button type="submit" class="secondary">Criar credenciais do Mercado Pago local</button></div></form>`,
      ),
    );
  });

  // Like Mercado Pago's developer panel: an application's access token and its webhooks' secret
  // signature, shown to be pasted in VendAI (the stand-in signs this account's notifications with it).
  app.post('/mercadopago/credenciais', async (_req, reply) => {
    const c = newMercadoPagoStandinCredentials();
    return html(
      reply,
      page(
        'Mercado Pago local',
        `<h1>Credenciais do Mercado Pago local</h1><p class="muted">Cole em Configurações → Pagamentos Pix → Mercado Pago. Guarde o Access Token: ele não é mostrado de novo.</p>
<p class="muted">Access Token</p><p class="code" data-credential="access-token">${esc(c.accessToken)}</p>
<p class="muted">Assinatura secreta (webhooks)</p><p class="code" data-credential="webhook-secret">${esc(c.webhookSecret)}</p>
<div class="actions"><a class="btn secondary" href="${PIX_STANDIN_PAGES_PREFIX}">Voltar</a></div>`,
      ),
    );
  });

  app.post('/ler', async (req, reply) => {
    const code = String((req.body as Record<string, unknown> | undefined)?.codigo ?? '').trim();
    const p = code ? await o.store.paymentByPayload(code) : null;
    if (!p)
      return html(
        reply,
        page(
          'Pix',
          `<h1>Código não reconhecido</h1><p class="muted">Confira o código Pix copia e cola e tente de novo.</p><div class="actions"><a class="btn secondary" href="${PIX_STANDIN_PAGES_PREFIX}">Voltar</a></div>`,
        ),
        404,
      );
    return reply.redirect(`${PIX_STANDIN_PAGES_PREFIX}/cobranca/${p.id}`, 303);
  });

  app.get<{ Params: { id: string } }>('/cobranca/:id', async (req, reply) => {
    const p = await o.store.paymentById(req.params.id);
    if (!p)
      return html(reply, page('Pix', '<h1>Cobrança não encontrada</h1><p class="muted">Este Pix não existe.</p>'), 404);
    return html(reply, page('Pagar com Pix', await chargeBody(p)));
  });

  app.post<{ Params: { id: string; action: string } }>('/cobranca/:id/:action', async (req, reply) => {
    const action = req.params.action;
    if (!(action in STANDIN_ACTIONS)) return reply.status(404).send();
    await applyStandinAction(
      { app: o.root, store: o.store, appUrl: o.appUrl, delivery: o.delivery },
      req.params.id,
      action as StandinAction,
    );
    return reply.redirect(`${PIX_STANDIN_PAGES_PREFIX}/cobranca/${req.params.id}`, 303);
  });
}
