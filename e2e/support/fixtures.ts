import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { startLiveServers } from './live-harness';

export const CONTROL_URL = `http://127.0.0.1:${process.env.E2E_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1}`;

let counter = 0;
/** A new person for each journey: unique e-mail, valid Brazilian mobile. */
export function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: 'Mariana Souza',
    email: `mariana.${id}@exemplo.com.br`,
    phoneDigits: `119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`,
    password: 'senha-forte-123',
  };
}

/** The newest mail caught by the harness's SMTP server for an address. */
export async function latestMailTo(email: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${CONTROL_URL}/mails?to=${encodeURIComponent(email)}`);
      const list = (await res.json()) as { subject: string; text: string }[];
      found = list.at(-1);
      return list.length;
    })
    .toBeGreaterThan(0);
  return found!;
}

/**
 * Fails on horizontal scroll: every page must fit 390 px phones. Read until it fits, for at most 3 s: after
 * a resize, a chart re-measures its box in a ResizeObserver callback, a frame or two after the new width's
 * styles apply, and keeps the old width until then. A page that overflows still fails.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'página com rolagem horizontal',
      timeout: 3_000,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Waits for the CSS transitions a resize started (a panel sliding to its phone layout) to end: reading
 * the layout applies the new width's styles, which starts them. Transitions end; looping animations
 * (a spinner) are not waited for.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    void document.documentElement.getBoundingClientRect();
    const running = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The page at desktop and phone width, each checked for horizontal overflow; with `SCREENS=1` also a
 * full-page screenshot of each in test-results/screens/ (to look at; CI skips them for time).
 */
export async function shootBothWidths(page: Page, name: string) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await transitionsDone(page);
    await expectNoHorizontalOverflow(page);
    if (process.env.SCREENS === '1') {
      await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A screenshot to look at, taken only with `SCREENS=1` (CI skips them for time). Without it a locator is
 * still waited for as the screenshot would (visible), so the journey's steps stay the same.
 */
export async function screenshotOnDemand(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  const page = 'goto' in target;
  if (process.env.SCREENS === '1') {
    await (page ? target.screenshot({ path: file, ...options }) : target.screenshot({ path: file }));
  } else if (!page) {
    await target.waitFor({ state: 'visible' });
  }
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // A toast fading in is half transparent: axe would read its colours mid-way. Wait for the finite
  // animations and transitions running now (spinners loop for ever and are not waited for), at most 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Registers through the real form and lands on /onboarding/welcome. */
export async function registerThroughUi(page: Page, person = newPerson(), search = '') {
  await page.goto(`/register${search}`);
  await page.getByLabel('Nome completo').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Telefone (WhatsApp)').fill(person.phoneDigits);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar senha').fill(person.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  return person;
}

/**
 * A new account, signed in, for journeys about something else: the account is created through the app's
 * register API — the same endpoint, password hashing and session cookie the form gets, no test-only way
 * in — and the browser context keeps the cookie (page.request shares it). No page is loaded: the
 * journey's first `goto` is its first page (docs/decisions/059-ci-time-test-passes.md). The sign-up form
 * itself is tested with registerThroughUi (signup-journey, sign-in and first-run journeys).
 */
export async function signedIn(page: Page, person = newPerson()) {
  const baseURL = test.info().project.use.baseURL!;
  const res = await page.request.post('/api/account/register', {
    headers: { Origin: new URL(baseURL).origin },
    data: {
      fullName: person.name,
      email: person.email,
      phone: `+55${person.phoneDigits}`,
      password: person.password,
      confirmPassword: person.password,
    },
  });
  expect(res.ok(), `cadastro pela API: ${res.status()} ${await res.text()}`).toBe(true);
  return person;
}

/** signedIn, then /onboarding/welcome, where the form lands: for journeys that start on that page. */
export async function signedInAtWelcome(page: Page, person = newPerson()) {
  await signedIn(page, person);
  await page.goto('/onboarding/welcome');
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  return person;
}

/**
 * Opens the e-mailed confirmation link in this page, as the person would
 * (docs/decisions/051-verified-email-and-membership-end.md): inviting and receiving money need it.
 */
export async function confirmEmailThroughLink(page: Page, email: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${CONTROL_URL}/mails?to=${encodeURIComponent(email)}`);
      const list = (await res.json()) as { subject: string; text: string }[];
      link = list
        .findLast((m) => m.subject.startsWith('Confirme seu e-mail'))
        ?.text.match(/\/confirmar-email\?code=[\w-]+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible();
}

export const test = base.extend<object, { liveServers: void }>({
  // The 'ai-live' project's fake OpenAI server and harness, started with its worker (live-harness.ts).
  liveServers: [
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name !== 'ai-live') return use();
      const stop = await startLiveServers();
      await use();
      await stop();
    },
    { scope: 'worker', auto: true, timeout: 200_000 },
  ],
  page: async ({ page }, use) => {
    // Nothing leaves loopback: embedded players and any stray request to the internet are refused.
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
    await use(page);
  },
});
export { expect };

/**
 * Opens the open chat's '⋯' menu ('Mais ações da conversa': Cobrar com Pix, Etiquetas, approval's choice,
 * the assignee, Nunca responder, Apagar dados deste contato) and returns it.
 */
export async function openChatMenu(page: Page): Promise<Locator> {
  await page.getByRole('region', { name: 'Conversa' }).getByRole('button', { name: 'Mais ações da conversa' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Opens '⋯' → 'Etiquetas' of the open chat and returns the label menu ('Etiquetas da conversa'). */
export async function openChatLabels(page: Page): Promise<Locator> {
  const menu = await openChatMenu(page);
  const item = menu.getByRole('menuitem', { name: 'Etiquetas' });
  const labels = page.getByRole('menu').filter({ hasText: 'Etiquetas da conversa' });
  // A click that lands while the chat re-renders right after a reload can be lost with '⋯' left open (seen once
  // in a clean-clone run); the person clicks 'Etiquetas' again, and so does this, until the label menu shows.
  await expect(async () => {
    if (await item.isVisible()) await item.click();
    await expect(labels).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  return labels;
}
