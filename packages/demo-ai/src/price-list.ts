/** 'R$ 80', 'R$ 1.234,56', or a bare '45,90'. */
const PRICE = /r\$\s*\d[\d.,]*\d|r\$\s*\d|(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,])/gi;

/**
 * The demo AI reading a price list (offline, deterministic): each price closes an item whose name is
 * the text since the previous price, on the same line ('Bolo de chocolate ....... R$ 80,00 Torta 45,90'
 * → two items). A PDF's text may come without line breaks, so items are split by prices, not lines.
 */
export function demoPriceList(text: string): { itens: { nome: string; preco: number | null }[] } {
  const itens: { nome: string; preco: number | null }[] = [];
  let from = 0;
  for (const match of text.matchAll(PRICE)) {
    const before = text.slice(from, match.index).split('\n').at(-1)!;
    from = match.index + match[0].length;
    const nome = before
      .replace(/[.\-–—_:|]{2,}/g, ' ')
      .replace(/[\s.:\-–—_|]+$/g, '')
      .replace(/^[\s.:\-–—_|;,]+/g, '')
      .trim();
    const value = brazilianNumber(match[0].replace(/r\$\s*/i, ''));
    if (nome.length >= 2 && value !== null) itens.push({ nome, preco: value });
  }
  return { itens };
}

/** '1.234,56' → 1234.56, '80' → 80, '80.00' → 80; null when unreadable. */
function brazilianNumber(raw: string): number | null {
  const normal = raw.includes(',')
    ? raw.replace(/\./g, '').replace(',', '.')
    : /\.\d{2}$/.test(raw)
      ? raw
      : raw.replace(/\./g, '');
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}
