import type { Plan } from '@vendai/contracts';

/** Description bullets: the text split on '•' (docs/product/data.md), blanks dropped. */
export function planBullets(description: string): string[] {
  return description
    .split('•')
    .map((b) => b.trim())
    .filter(Boolean);
}

/** price_cents/100 in US dollars (docs/product/limits.md), pt-BR formatting: 'US$ 47,00'. */
export function formatPlanPrice(priceCents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(priceCents / 100);
}

/** The plan the user is on: their plan, or the free plan when they have none (decision 002). */
export function isCurrentPlan(plan: Plan, current: Plan | null): boolean {
  return current ? current.id === plan.id : plan.slug.includes('freemium');
}

/** The payment dialog's red box (docs/product/messages.md): the server's message, else 'Erro HTTP {status}'. */
export function checkoutErrorText(err: unknown): string {
  const e = err as { status?: number; code?: string; message?: string };
  if (e && typeof e.status === 'number') {
    if (e.status === 0) return e.message ?? 'Erro HTTP 0';
    if (e.code === 'HTTP' || !e.message) return `Erro HTTP ${e.status}`;
    return e.message;
  }
  return err instanceof Error ? err.message : 'Erro inesperado. Tente novamente.';
}

/**
 * An amount the owner typed in dollars, pt-BR style ('50', '50,5', '1.234,56', 'US$ 10,00'), as
 * integer cents; null when it is not an amount with at most two decimals.
 */
export function parseAmountToCents(text: string): number | null {
  const clean = text.replace(/US\$|\$|\s/gi, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(clean)) return null;
  const [whole, decimals = ''] = clean.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
