import {
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  screenshotOnDemand,
  shootBothWidths,
  signedIn,
  test,
} from './support/fixtures';
import {
  aiRepliesOnceIdle,
  cloudCustomerWrites,
  connectCloudNumberThroughSimulator,
  LOJA_SOL_ANSWERS,
  trainAgentThroughApi,
} from './support/live-number';

/**
 * The Cloud meter and 'Responder numa mensagem só' (docs/decisions/064-cloud-meter-and-one-balloon.md): an
 * official-API number connected through the simulator's Embedded Signup; a customer writes and the AI answers;
 * the simulator's Graph stand-in prices the answer as Meta does (a 'service' message, charged since October
 * 2026) in its status webhook; the numbers list shows the month's charged messages with the estimate in reais,
 * the owner switches the number to one message per answer (the cost trade-off said beside it), and Resultados
 * shows the month by category.
 */
test('API oficial: o medidor de mensagens cobradas e a opção de uma mensagem só', async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, newPerson());
  await trainAgentThroughApi(page, 'Sol', LOJA_SOL_ANSWERS);
  const number = await connectCloudNumberThroughSimulator(page);

  await cloudCustomerWrites(page, { phone: '5511966662222', name: 'Rita Lopes' }, 'Oi! Vocês entregam em Santos?');
  expect(await aiRepliesOnceIdle(number.instance_name, { contactMessages: 1 })).toBe(1);
  // Meta's pricing arrives on the answer's status webhook.
  await expect
    .poll(
      async () => {
        const meter = (await (await page.request.get('/api/numbers/cloud-meter')).json()) as {
          numbers: { number_id: string; priced_by_meta: number }[];
        };
        return meter.numbers.find((n) => n.number_id === number.id)?.priced_by_meta;
      },
      { timeout: 20_000 },
    )
    .toBe(1);

  await page.goto('/instances-management');
  await expect(page.getByTestId('cloud-meter-line').filter({ visible: true })).toHaveText(
    'Este mês: 1 mensagem cobrada pela MetaEstimativa: R$ 0,04',
  );
  const oneBalloon = page.getByRole('checkbox', { name: /Responder numa mensagem só/ });
  await expect(oneBalloon).not.toBeChecked();
  await expect(page.getByText(/uma mensagem só custa menos/).filter({ visible: true })).toBeVisible();
  // click, then the state: the box is controlled by the saved setting, which the save's answer confirms
  // (check() reads the box right after the click, before React shows the pending value).
  await oneBalloon.click();
  await expect(oneBalloon).toBeChecked();
  await expect(page.getByText('A IA passa a responder numa mensagem só neste número.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Responder numa mensagem só/ })).toBeChecked();
  await shootBothWidths(page, 'numbers-cloud-meter');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/resultados');
  const card = page.getByTestId('cloud-meter-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('heading', { name: /Mensagens cobradas pela Meta em/ })).toBeVisible();
  const row = card.getByTestId('cloud-meter-number');
  await expect(row).toContainText('1 mensagem cobrada · ≈ R$ 0,04');
  await expect(row.getByText('Atendimento')).toBeVisible();
  await shootBothWidths(page, 'results-cloud-meter');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotOnDemand(card, 'test-results/screens/results-cloud-meter-card-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
});
