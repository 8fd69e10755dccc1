import type { FastifyInstance, FastifyReply } from 'fastify';
import qs from 'qs';
import type { PaidPlan } from './standin-db.ts';
import { STANDIN_PAGES_PREFIX } from './standin-api.ts';
import type { StandinLifecycle } from './standin-events.ts';
import { dateBr, esc, page, postButton, usd } from './standin-html.ts';
import type { StandinStore } from './standin-store.ts';

type Params = { Params: { id: string } };

/**
 * The stand-in's pages in the app (what Stripe's hosted checkout and portal are for the real thing):
 * /pagamentos-local/checkout/:id with 'Pagar' and 'Cancelar', /pagamentos-local/portal/:id to cancel,
 * reactivate or change the plan, and a test clock. Session ids are random: knowing one is the access.
 */
export async function standinPages(
  app: FastifyInstance,
  o: {
    /** The app's paid plans with their stand-in price ids, in display order. */
    paidPlans: () => Promise<PaidPlan[]>;
    store: StandinStore;
    lifecycle: StandinLifecycle;
    overagePriceId: string;
  },
) {
  const { store, lifecycle } = o;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, qs.parse(body as string)),
  );

  const paidPlans = o.paidPlans;
  async function planByPrice(priceId: string) {
    return (await paidPlans()).find((p) => p.stripePriceId === priceId) ?? null;
  }
  async function prices(): Promise<Map<string, number | null>> {
    const map = new Map<string, number | null>((await paidPlans()).map((p) => [p.stripePriceId, p.priceCents]));
    map.set(o.overagePriceId, null);
    return map;
  }
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const notFound = (reply: FastifyReply) =>
    html(
      reply,
      page(
        'Não encontrado',
        '<h1>Sessão não encontrada</h1><p class="muted">Este link de pagamento não existe ou expirou.</p>',
      ),
      404,
    );

  app.get<Params>('/checkout/:id', async (req, reply) => {
    const session = await store.get('checkout.session', req.params.id);
    if (!session) return notFound(reply);
    const priceId = session.x_line_items?.[0]?.price as string;
    const plan = await planByPrice(priceId);
    const customer = await store.get('customer', session.customer);
    const base = `${STANDIN_PAGES_PREFIX}/checkout/${esc(session.id)}`;
    const done = session.status === 'complete';
    return html(
      reply,
      page(
        'Pagamento',
        `<h1>Assinar ${esc(plan?.name ?? 'plano')}</h1>
<p class="muted">${esc(customer?.email ?? '')}</p>
<p class="price">${usd(plan?.priceCents ?? 0)} <small>/ mês</small></p>
<p class="muted">+ US$ 0,01 por mensagem de IA acima do limite do plano, cobrada no fim de cada mês.</p>
<div class="row"><span>Plano</span><strong>${esc(plan?.name ?? priceId)}</strong></div>
<div class="row"><span>Cobrança</span><span>Mensal</span></div>
${
  done
    ? `<p class="ok">Pagamento já realizado.</p><div class="actions"><a class="btn primary" href="${esc(session.success_url)}">Voltar ao VendAI</a></div>`
    : session.status === 'expired'
      ? `<p class="warn">Esta sessão de pagamento foi cancelada.</p><div class="actions"><a class="btn secondary" href="${esc(session.cancel_url)}">Voltar aos planos</a></div>`
      : `<div class="actions">${postButton(`${base}/pagar`, 'Pagar', 'primary')}${postButton(`${base}/cancelar`, 'Cancelar', 'secondary')}</div>`
}`,
      ),
    );
  });

  app.post<Params>('/checkout/:id/pagar', async (req, reply) => {
    const session = await lifecycle.pay(req.params.id, await prices());
    if (!session) return notFound(reply);
    return reply.redirect(session.success_url, 303);
  });

  app.post<Params>('/checkout/:id/cancelar', async (req, reply) => {
    const session = await lifecycle.cancelCheckout(req.params.id);
    if (!session) return notFound(reply);
    return reply.redirect(session.cancel_url, 303);
  });

  async function portalContext(id: string) {
    const session = await store.get('billing_portal.session', id);
    if (!session) return null;
    const subs = (await store.list('subscription'))
      .filter((s) => s.customer === session.customer)
      .sort((a, b) => b.created - a.created);
    const sub = subs.find((s) => s.status !== 'canceled') ?? null;
    return { session, sub };
  }

  app.get<Params>('/portal/:id', async (req, reply) => {
    const ctx = await portalContext(req.params.id);
    if (!ctx) return notFound(reply);
    const { session, sub } = ctx;
    const base = `${STANDIN_PAGES_PREFIX}/portal/${esc(session.id)}`;
    const back = `<a class="btn secondary" href="${esc(session.return_url)}">Voltar ao VendAI</a>`;
    // The test clock belongs to this customer: it moves this subscription only, never anyone else's.
    const clock = `<h2>Relógio de teste</h2><p class="muted">Hoje no relógio de teste desta assinatura: ${dateBr(await store.now(session.customer))}.</p>${sub ? postButton(`${base}/avancar-relogio`, 'Avançar o relógio em 31 dias', 'secondary') : ''}`;
    if (!sub) {
      return html(
        reply,
        page(
          'Assinatura',
          `<h1>Sua assinatura</h1><p class="muted">Nenhuma assinatura ativa.</p><div class="actions">${back}</div>${clock}`,
        ),
      );
    }
    const item = sub.items.data[0];
    const plan = await planByPrice(item.price.id);
    const end = dateBr(item.current_period_end);
    const status =
      sub.status === 'past_due'
        ? 'Pagamento pendente'
        : sub.cancel_at_period_end
          ? `Cancelada: termina em ${end}`
          : `Ativa: renova em ${end}`;
    const others = (await paidPlans()).filter((p) => p.stripePriceId !== item.price.id);
    return html(
      reply,
      page(
        'Assinatura',
        `<h1>Sua assinatura</h1>
<div class="row"><span>Plano</span><strong>${esc(plan?.name ?? item.price.id)}</strong></div>
<div class="row"><span>Valor</span><span>${usd(plan?.priceCents ?? 0)} / mês</span></div>
<div class="row"><span>Situação</span><span>${esc(status)}</span></div>
<div class="actions">
${sub.cancel_at_period_end ? postButton(`${base}/reativar`, 'Reativar assinatura', 'primary') : postButton(`${base}/cancelar`, 'Cancelar assinatura', 'danger')}
${back}
</div>
${others.length ? `<h2>Trocar de plano</h2><div class="actions">${others.map((p) => postButton(`${base}/trocar-plano`, `Mudar para ${p.name} (${usd(p.priceCents)} / mês)`, 'secondary', { price: p.stripePriceId })).join('')}</div>` : ''}
<h2>Testes</h2><div class="actions">${postButton(`${base}/falha-pagamento`, 'Simular falha no pagamento', 'secondary')}</div>
${clock}`,
      ),
    );
  });

  const portalAction = (path: string, act: (subId: string, body: Record<string, unknown>) => Promise<unknown>) =>
    app.post<Params>(`/portal/:id/${path}`, async (req, reply) => {
      const ctx = await portalContext(req.params.id);
      if (!ctx) return notFound(reply);
      if (ctx.sub) await act(ctx.sub.id, (req.body ?? {}) as Record<string, unknown>);
      return reply.redirect(`${STANDIN_PAGES_PREFIX}/portal/${ctx.session.id}`, 303);
    });
  portalAction('cancelar', (id) => lifecycle.setCancelAtPeriodEnd(id, true));
  portalAction('reativar', (id) => lifecycle.setCancelAtPeriodEnd(id, false));
  portalAction('falha-pagamento', (id) => lifecycle.failPayment(id));
  portalAction('trocar-plano', async (id, body) => {
    const price = String(body.price ?? '');
    const plan = await planByPrice(price);
    if (plan?.priceCents) await lifecycle.changePrice(id, price, plan.priceCents);
  });
  app.post<Params>('/portal/:id/avancar-relogio', async (req, reply) => {
    const ctx = await portalContext(req.params.id);
    if (!ctx) return notFound(reply);
    if (ctx.sub) await lifecycle.advanceClock(ctx.sub.id, 31 * 24 * 3600);
    return reply.redirect(`${STANDIN_PAGES_PREFIX}/portal/${ctx.session.id}`, 303);
  });
}
