import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const HERO = 'Venda pelo WhatsApp';

test('the built landing HTML holds the hero before any script runs', () => {
  const html = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/dist/prerendered/home.html'), 'utf8');
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain(HERO);
  expect(root).toContain('Começar Grátis');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and the privacy policy are readable, with the sign-up link', async ({ page }) => {
    await page.goto('/?fpr=parceiro42');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(HERO);
    await expect(page.getByRole('link', { name: 'Começar Grátis' }).first()).toHaveAttribute('href', '/register');
    await page.goto('/politica-de-privacidade');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('hydration keeps the prerendered page, adds the query string to the sign-up link, and logs no mismatch', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const response = await page.goto('/?fpr=parceiro42');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('link', { name: 'Começar Grátis' }).first()).toHaveAttribute(
    'href',
    '/register?fpr=parceiro42',
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText(HERO);
  // Interactive after hydration: the link opens the sign-up form (a full page load into the app, which the
  // public pages do not carry).
  await page.getByRole('link', { name: 'Começar Grátis' }).first().click();
  await expect(page).toHaveURL(/\/register\?fpr=parceiro42$/);
  expect(problems).toEqual([]);
});
