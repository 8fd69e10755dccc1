import fs from 'node:fs';
import {
  CONTROL_URL,
  expect,
  expectNoSeriousA11yViolations,
  signedIn,
  shootBothWidths,
  test,
} from './support/fixtures';
import { saoPauloDate } from './support/results-seed';

/**
 * Resultados (docs/decisions/017-results-figures.md) in the browser: the empty state of a new account, then two weeks of seeded
 * conversations (e2e/support/results-seed.ts) read over the real API — the figures, the charts, the
 * heat map at 1280 and 390 px, and the CSV download with one known row per day.
 */

async function seedResults(person: { email: string }) {
  const res = await fetch(`${CONTROL_URL}/seed-results`, { method: 'POST', body: JSON.stringify(person) });
  expect(res.status, await res.clone().text()).toBe(200);
}

const brDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const isSunday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0;

test('conta nova: Resultados explica o que vai aparecer e leva a conectar um número', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Resultados' }).first().click();
  await expect(page).toHaveURL(/\/resultados/);
  await expect(page.getByRole('heading', { name: 'Resultados', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seus resultados aparecem aqui' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conectar um WhatsApp' })).toHaveAttribute(
    'href',
    '/instances-management',
  );
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveCount(0);
  await shootBothWidths(page, 'results-empty');
  await expectNoSeriousA11yViolations(page);
});

test('com conversas: números da semana, gráficos, mapa de calor e CSV com as linhas certas', async ({ page }) => {
  test.setTimeout(180_000);
  const person = await signedIn(page);
  await seedResults(person);
  await page.goto('/resultados');

  const card = (label: string) => page.locator('div.rounded-xl', { has: page.getByText(label, { exact: true }) });
  await expect(card('Tempo da 1ª resposta da IA')).toContainText('30 s');
  await expect(card('Conversas atendidas só pela IA')).toContainText('97%');
  await expect(card('Conversas atendidas só pela IA')).toContainText('28 de 29 conversas');
  await expect(card('Conversas iniciadas')).toContainText('30');
  await expect(card('Conversas iniciadas')).toContainText('antes: 7');
  await expect(card('Você assumiu da IA')).toContainText('0 pelo VendAI, 1 pelo celular');
  await expect(card('Pediram para sair')).toContainText('1');
  await expect(card('Envios com falha')).toContainText('1');
  await expect(page.getByRole('heading', { name: 'Mensagens e respostas da IA por dia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tempo da 1ª resposta por dia (mediana)' })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quando os clientes escrevem' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mensagens da IA no mês' })).toBeVisible();
  await shootBothWidths(page, 'results-week');
  await expectNoSeriousA11yViolations(page);

  // The CSV: header row and the 7 days in order, each with the seeded counts.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vendai-resultados-${saoPauloDate(6)}-a-${saoPauloDate(0)}.csv`);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Data;Conversas iniciadas;Funil: Novo;Funil: Novo (conversão %);Funil: Qualificado;Funil: Qualificado (conversão %);Funil: Orçamento;Funil: Orçamento (conversão %);Funil: Pago;Funil: Pago (conversão %);Funil: Perdido;Funil: Perdido (conversão %);Mensagens recebidas;Mensagens enviadas;Respostas da IA;Mensagens do dono;Respostas fora do horário;Envios com falha;Tempo da 1ª resposta (mediana, s);Acompanhamentos enviados;Clientes que responderam a um acompanhamento;Conversas recuperadas;Pedidos;Pedidos pagos;Receita recebida (R$);Modelos enviados: utilidade;Modelos enviados: marketing;Modelos enviados: autenticação',
  );
  // The seed has no follow-ups, no Pix orders and no templates: their columns are zeros on every day.
  const noSales = ';0;0;0;0;0;0,00;0;0;0';
  // 'Funil de vendas': every conversation of the seed is still in Novo (100% of the day's reached it).
  const inNovo = (n: number) => `${n};100;0;0;0;0;0;0;0;0`;
  const expected = [6, 5, 4, 3, 2, 1, 0].map((daysAgo) => {
    const date = saoPauloDate(daysAgo);
    const k = daysAgo + 1;
    if (daysAgo === 1) {
      // 2 plain chats, the night chat (AI at 23:30, failed part, owner on the phone) and the opt-out.
      return `${brDate(date)};4;${inNovo(4)};4;4;3;1;${isSunday(date) ? 3 : 1};1;30${noSales}`;
    }
    return `${brDate(date)};${k};${inNovo(k)};${k};${k};${k};0;${isSunday(date) ? k : 0};0;30${noSales}`;
  });
  expect(lines.slice(1)).toEqual(expected);

  // Today only: the comparison is yesterday.
  await page.getByRole('button', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(/periodo=today/);
  await expect(card('Conversas iniciadas')).toContainText('antes: 4');
});
