/** A model's price on the AI endpoint, in US$ per million tokens (AI_MODEL_PRICES). */
export interface ModelPrice {
  input: number;
  output: number;
}

/**
 * AI_MODEL_PRICES as a map: `model=input/output` entries (US$ per million tokens) separated by commas,
 * e.g. `openai/gpt-oss-120b=0.15/0.60,openai/gpt-oss-20b=0.075/0.30`. A model's name may hold '/' and
 * ':'; the price is what follows its last '='. Returns the first entry it cannot read as an error.
 */
export function parseModelPrices(raw: string | undefined): Map<string, ModelPrice> | { error: string } {
  const prices = new Map<string, ModelPrice>();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const at = entry.lastIndexOf('=');
    const model = entry.slice(0, at).trim();
    const [input, output, ...extra] = entry
      .slice(at + 1)
      .split('/')
      .map((n) => Number(n.trim()));
    const ok = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n >= 0;
    if (at <= 0 || !model || !ok(input) || !ok(output) || extra.length)
      return { error: `"${entry}": use modelo=entrada/saída, em US$ por milhão de tokens` };
    prices.set(model, { input, output });
  }
  return prices;
}
