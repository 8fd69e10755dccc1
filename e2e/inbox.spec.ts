import type { Page } from '@playwright/test';
import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import type { SeedInboxInput, SeedInboxResult } from './support/inbox-seed';

/**
 * The inbox (docs/decisions/006-realtime-and-storage.md) with bulk data: dozens of conversations, a long chat, every message type,
 * 120 unread, a failed send, a group (e2e/support/inbox-seed.ts puts the rows in the app's database
 * and storage). Everything on screen is read over the real API; the live journeys with the
 * simulator and the engine are in inbox-live.spec.ts.
 */

async function seed(person: { email: string }, input: Omit<SeedInboxInput, 'email'> = {}): Promise<SeedInboxResult> {
  const res = await fetch(`${CONTROL_URL}/seed-inbox`, {
    method: 'POST',
    body: JSON.stringify({ email: person.email, ...input }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SeedInboxResult;
}

const rows = (page: Page) => page.getByTestId('conversation-row');
const chat = (page: Page) => page.getByRole('region', { name: 'Conversa' });
const messagesIn = (page: Page) => page.getByTestId('message-scroll').getByTestId('message');

test('sem WhatsApp: os primeiros passos mostram o progresso real e não há seletor de agente', async ({ page }) => {
  const person = await signedIn(page);
  await seed(person, { withoutNumber: true, agents: ['Vendedora Ana'] });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Conversas', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Primeiros passos' })).toBeVisible();
  await expect(page.getByText('1 de 4 concluídos')).toBeVisible();
  await expect(page.locator('[data-step="agent"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-step="number"]')).toHaveAttribute('data-done', 'false');
  await expect(page.getByRole('link', { name: 'Conectar WhatsApp' })).toHaveAttribute('href', '/instances-management');
  await expect(page.getByTestId('ai-usage')).toHaveText('Mensagens de IA: 0/300');
  // No number yet: the header offers no agent picker (docs/decisions/013-first-run-auto-link.md).
  await expect(page.getByRole('combobox', { name: /Agente de IA/ })).toHaveCount(0);
  await shootBothWidths(page, 'inbox-no-number');
  await expectNoSeriousA11yViolations(page);
});

test('lista, chat com todos os tipos, rolagem, leitura, troca IA/Manual e envio que falha', async ({ page }) => {
  test.setTimeout(180_000);
  const person = await signedIn(page);
  const seeded = await seed(person, {
    agents: ['Vendedora Ana', 'Suporte'],
    linkFirstAgent: true,
    apelido: 'Loja Centro',
  });
  await page.goto('/dashboard');

  // The list: 30 first, newest first, with the exact count; no conversation open yet.
  await expect(page.getByRole('heading', { name: /Todas as conversas/ })).toContainText('(36)');
  await expect(rows(page)).toHaveCount(30);
  await expect(page.getByText('Selecione uma conversa')).toBeVisible();
  const ana = rows(page).filter({ hasText: 'Ana Paula Souza' });
  await expect(ana.getByTestId('unread-badge')).toHaveText('Não lidas: 99+');
  await expect(ana).toContainText('Obrigada!');
  await expect(ana.getByTestId('conversation-number')).toHaveText('Loja Centro');
  // The simulator has no contact pictures: the initials placeholder takes the avatar's place (after 3 s).
  await expect(ana.getByText('AS', { exact: true })).toBeVisible();
  await expect(rows(page).first()).toContainText('Ana Paula Souza');
  const group = rows(page).filter({ hasText: 'Equipe de Vendas' });
  await expect(group.getByTitle('IA desativada para grupos por padrão')).toContainText('Grupo');
  await expect(rows(page).filter({ hasText: 'Manual' }).first()).toBeVisible();
  // Date labels: today hh:mm, 'Ontem', a weekday, dd/mm/yy.
  const labels = await rows(page).locator('time').allInnerTexts();
  expect(labels[0]).toMatch(/^\d{2}:\d{2}$/);
  expect(labels).toContain('Ontem');
  expect(labels.some((l) => /^(Dom|Seg|Ter|Qua|Qui|Sex|Sáb)$/.test(l))).toBe(true);
  // A phone number stands in for a missing name.
  await expect(rows(page).filter({ hasText: '+55 (21) 97700-0000' })).toHaveCount(1);
  await shootBothWidths(page, 'inbox-list');
  await expectNoSeriousA11yViolations(page);

  // Scrolling near the end of the list loads the next page.
  await page.getByTestId('conversation-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(rows(page)).toHaveCount(36);

  // Opening the chat: the latest 30 messages, the badge cleared here and on the server.
  await page.getByTestId('conversation-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
  await ana.click();
  await expect(page).toHaveURL(new RegExp(`conversa=${seeded.richId}`));
  await expect(chat(page).getByTestId('chat-title')).toHaveText('Ana Paula Souza');
  await expect(messagesIn(page)).toHaveCount(30);
  await expect(ana.getByTestId('unread-badge')).toHaveCount(0);
  await expect
    .poll(async () => (await (await page.request.get(`/api/conversations/${seeded.richId}`)).json()).unreadCount)
    .toBe(0);

  // Every type renders.
  const scroll = page.getByTestId('message-scroll');
  const link = scroll.getByRole('link', { name: 'https://exemplo.com.br/produto?id=7' });
  await expect(link).toHaveAttribute('href', 'https://exemplo.com.br/produto?id=7');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(scroll.getByText('Vocês entregam em Campinas?')).toBeVisible();
  const photo = scroll.getByRole('img', { name: 'Essa é a foto da vitrine' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await scroll.getByRole('button', { name: 'Ver imagem', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Imagem da conversa' });
  await expect(viewer.getByRole('img', { name: 'Essa é a foto da vitrine' })).toBeVisible();
  await shootBothWidths(page, 'inbox-image-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect
    .poll(() => scroll.getByRole('img', { name: 'Figurinha' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(96);
  await expect(scroll.locator('audio')).toHaveAttribute('src', /^\/api\/media\//);
  await expect(scroll.getByText('Mensagem de voz · 0:02')).toBeVisible();
  await expect(scroll.locator('video')).toHaveAttribute('src', /^\/api\/media\//);
  await expect(scroll.getByText('orcamento-maio.pdf')).toBeVisible();
  await expect(scroll.getByRole('link', { name: 'Baixar orcamento-maio.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/media\//,
  );
  await expect(scroll.getByText('Av. Paulista, 1000 - Bela Vista, São Paulo')).toBeVisible();
  await expect(scroll.getByRole('link', { name: 'Abrir no OpenStreetMap' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=-23\.5614&mlon=-46\.6559/,
  );
  await expect(scroll.getByRole('link', { name: 'Google Maps' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=-23\.5614,-46\.6559/,
  );
  await expect(scroll.getByText('Carlos Lima')).toBeVisible();
  await expect(scroll.getByText('+55 (11) 91234-4321')).toBeVisible();
  await expect(scroll.getByText('Tipo de mídia não suportado')).toBeVisible();
  // Authors and delivery states; the failed send shows why.
  const failed = messagesIn(page).filter({ hasText: 'Mensagem que não foi' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText('Não enviada');
  await expect(failed).toContainText('O WhatsApp recusou o envio (número sem WhatsApp).');
  await expect(messagesIn(page).filter({ hasText: 'Respondi pelo celular' })).toContainText('Você (pelo celular)');
  const aiAnswer = messagesIn(page).filter({ hasText: 'Entregamos sim!' });
  await expect(aiAnswer).toHaveAttribute('data-author', 'ai');
  await expect(aiAnswer.getByTitle('Lida')).toBeVisible();
  await shootBothWidths(page, 'inbox-chat');
  await expectNoSeriousA11yViolations(page);

  // Scrolling up loads the older messages without moving what is on screen: the message that was
  // at the top stays exactly where it was, relative to the panel.
  const anchorId = (await messagesIn(page).first().getAttribute('data-message-id'))!;
  const offsetOf = (id: string) =>
    scroll.evaluate(
      (el, i) =>
        el.querySelector(`[data-message-id="${i}"]`)!.getBoundingClientRect().top - el.getBoundingClientRect().top,
      id,
    );
  const offsetBefore = await scroll.evaluate((el, i) => {
    el.scrollTop = 50;
    return el.querySelector(`[data-message-id="${i}"]`)!.getBoundingClientRect().top - el.getBoundingClientRect().top;
  }, anchorId);
  await expect(messagesIn(page)).toHaveCount(60);
  await expect.poll(() => offsetOf(anchorId)).toBeCloseTo(offsetBefore, -1);
  expect(await scroll.evaluate((el) => el.scrollTop)).toBeGreaterThan(500);
  await scroll.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messagesIn(page)).toHaveCount(73);
  await expect(scroll.getByText('Início da conversa')).toBeVisible();
  await expect(messagesIn(page).first()).toContainText('Mensagem antiga número 1 da cliente');

  // The AI/Manual switch: persisted, and shown in the list.
  const aiSwitch = chat(page).getByRole('switch', { name: 'IA' });
  await expect(aiSwitch).toBeChecked();
  await aiSwitch.click();
  await expect(chat(page).getByRole('switch', { name: 'Manual' })).not.toBeChecked();
  await expect(ana).toContainText('Manual');
  await expect
    .poll(async () => (await (await page.request.get(`/api/conversations/${seeded.richId}`)).json()).agenteAtivo)
    .toBe(false);

  // Writing: blank is not sent; Shift+Enter breaks the line; a send the gateway refuses comes back.
  const box = chat(page).getByRole('textbox', { name: 'Mensagem' });
  const before = await messagesIn(page).count();
  await box.fill('   ');
  await box.press('Enter');
  await expect(messagesIn(page)).toHaveCount(before);
  await box.fill('Olá Ana!');
  await box.press('Shift+Enter');
  await box.pressSequentially('Tudo certo com o pedido?');
  await expect(box).toHaveValue('Olá Ana!\nTudo certo com o pedido?');
  await box.press('Enter');
  await expect(page.locator('[data-sonner-toast]').getByText('Falha ao enviar mensagem. Tente novamente.')).toBeVisible(
    { timeout: 20_000 },
  );
  // Nothing typed is lost: the text is back in the box; the stored attempt shows as not sent.
  await expect(box).toHaveValue('Olá Ana!\nTudo certo com o pedido?');
  await expect(messagesIn(page).filter({ hasText: 'Tudo certo com o pedido?' })).toHaveAttribute(
    'data-status',
    'failed',
  );
  await expect(messagesIn(page).filter({ hasText: 'Tudo certo com o pedido?' })).toHaveCount(1);

  // A group cannot switch.
  await group.click();
  await expect(chat(page).getByTestId('chat-title')).toHaveText('Equipe de Vendas');
  await expect(chat(page).getByRole('switch', { name: 'Manual' })).toBeDisabled();

  // The number → agent picker: another agent, then 'Desativar Agente' (null).
  const picker = page.getByRole('combobox', { name: 'Agente de IA (Loja Centro)' });
  await expect(picker).toHaveText('Vendedora Ana');
  await picker.click();
  await page.getByRole('option', { name: 'Suporte' }).click();
  await expect(page.getByText('Agente conectado ao WhatsApp.')).toBeVisible();
  await expect(picker).toHaveText('Suporte');
  await picker.click();
  await page.getByRole('option', { name: 'Desativar Agente' }).click();
  await expect(picker).toHaveText('Nenhum agente');
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/numbers')).json()) as { agente: string | null }[])[0]!.agente,
    )
    .toBeNull();

  // On a phone the chat is its own view with a way back.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page).first()).toBeHidden();
  await chat(page).getByRole('link', { name: 'Voltar para as conversas' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rows(page).first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('avisos: WhatsApp desconectado e limite de mensagens de IA do plano gratuito', async ({ page }) => {
  const person = await signedIn(page);
  await seed(person, { numberStatus: 'DESCONECTADO', aiMessages: 300, apelido: 'Loja Centro', conversations: 3 });
  await page.goto('/dashboard');
  const disconnected = page.getByTestId('disconnected-banner');
  await expect(disconnected).toContainText('Loja Centro está desconectado');
  await expect(disconnected.getByRole('link', { name: 'Reconectar' })).toHaveAttribute('href', '/instances-management');
  const limit = page.getByTestId('ai-limit-banner');
  await expect(limit).toContainText('Você atingiu o limite de 300 mensagens de IA do plano gratuito');
  await expect(limit.getByRole('link', { name: 'Ver Planos' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByTestId('ai-usage')).toHaveText('Mensagens de IA: 300/300');
  await expect(page.getByTestId('ai-usage')).toHaveAttribute('data-limit-reached', 'true');
  await shootBothWidths(page, 'inbox-banners');
  await expectNoSeriousA11yViolations(page);
});

test('depois de uma queda da conexão em tempo real, a lista se atualiza sozinha', async ({ page }) => {
  // The realtime socket goes through the real server; Playwright only watches it and cuts it once.
  const sockets: { close: () => Promise<void>; frames: string[] }[] = [];
  await page.routeWebSocket(/\/api\/realtime$/, (ws) => {
    const entry = { close: () => ws.close({ code: 4000, reason: 'queda simulada' }), frames: [] as string[] };
    sockets.push(entry);
    const server = ws.connectToServer();
    server.onMessage((m) => {
      entry.frames.push(String(m));
      ws.send(m);
    });
    ws.onMessage((m) => server.send(m));
  });
  const person = await signedIn(page);
  await seed(person, { conversations: 2, apelido: 'Loja Centro' });
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(4);
  await expect.poll(() => sockets[0]?.frames ?? []).toContain('{"event":"hello"}');

  // Conversations written while nobody tells this tab (straight into the database: no event): the tab
  // shows what it had and does not ask the server for the list again…
  const listRequests: string[] = [];
  page.on('request', (req) => {
    if (['/api/conversations', '/api/conversations/count'].includes(new URL(req.url()).pathname))
      listRequests.push(req.url());
  });
  await seed(person, { conversations: 1, apelido: 'Loja Norte' });
  await expect(rows(page)).toHaveCount(4);
  expect(listRequests).toEqual([]);

  // …until the connection drops and comes back: the inbox refetches what it shows and catches up.
  await sockets[0]!.close();
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
  await expect(rows(page)).toHaveCount(7);
  expect(listRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: /Todas as conversas/ })).toContainText('(7)');
  await expect(rows(page).filter({ hasText: 'Loja Norte' }).first()).toBeVisible();
});
