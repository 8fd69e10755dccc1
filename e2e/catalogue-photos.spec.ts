import { KEY_QUESTIONS } from '@vendai/contracts';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * A product with a photo: in the playground (demo AI) the customer asks to see it and the answer shows
 * the photo WhatsApp would send after the text.
 */
/** A 48×48 green square: a photo the screenshot shows. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoEthKGta1BbOBxsBSE2/EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwuQJBuIskfsHQAAAABJRU5ErkJggg==',
  'base64',
);

test('the playground shows the product photo the answer would send', async ({ page }) => {
  await signedIn(page);
  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: `Loja Sol, roupas básicas em Belo Horizonte (resposta ${i + 1}).`,
  }));
  const created = await page.request.post('/api/training/finish', {
    data: { mode: 'create', apelido: 'Sol', respostas },
  });
  expect(created.status()).toBe(201);
  const item = await page.request.post('/api/catalogue', { data: { name: 'Camiseta básica', priceCents: 4990 } });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: string };
  const photo = await page.request.put(`/api/catalogue/${id}/photo`, {
    data: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(photo.status()).toBe(200);

  await page.goto('/playground');
  await page.getByLabel('Mensagem', { exact: true }).fill('tem foto da camiseta?');
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(page.getByTestId('playground-ai')).toContainText('Camiseta básica');
  const photos = page.getByTestId('playground-photos');
  await expect(photos.getByRole('img', { name: 'Foto: Camiseta básica' })).toBeVisible();
  await expect(photos.getByRole('img', { name: 'Foto: Camiseta básica' })).toHaveJSProperty('naturalWidth', 48);
  await shootBothWidths(page, 'playground-product-photo');
  await expectNoSeriousA11yViolations(page);
});
