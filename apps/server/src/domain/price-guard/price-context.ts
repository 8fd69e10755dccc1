import { isNumberWord, scaleOf } from './number-words.ts';
import { parseBrazilianNumber, readNumber, type Token, wordsBefore } from './tokens.ts';

/**
 * Where a number stands, as the price guard reads it (docs/decisions/047-price-guard-amounts.md): the
 * words around it that make it a price ('sai por', 'o total é', 'R$'), a quantity ('2 bolos', '500 g'),
 * a count of instalments ('3x de'), or centavos said apart ('46 e 90'). Pure.
 */

export const CURRENCY_WORDS = new Set(['reais', 'real', 'conto', 'contos', 'pila', 'pilas']);
export const isCentavos = (w: string | undefined) => w === 'centavos' || w === 'centavo';
/** Between the two ends of a range before a currency word ('de 80 a 120 reais', 'entre 80 e 120 reais'). */
const RANGE_WORDS = new Set(['a', 'ate', 'e', 'ou', '-', '–']);
/** After an amount only these start a range's other end ('R$ 80 a 120'); 'e' only after 'entre'. */
export const FORWARD_RANGE_WORDS = new Set(['a', 'ate', '-', '–']);

/** Words right before a number that make it a price ('sai por 46,90', 'o total é 180'). */
const STRONG_CUES = new Set(
  'custa custam custaria custando custou custo sai saem saindo sairia saiu fica ficam ficaria ficou ficaram ficando valor valores preco precos total totaliza totalizando totalizou subtotal por pagar paga pago pagaria pague pagando cobro cobramos cobra cobrar cobrado cobrada investimento faco faz fazemos deixo deixamos fecho fechamos'.split(
    ' ',
  ),
);
/** Weaker cues: the number is a price when it has centavos or is at least 5 ('é 15', 'são 90'). */
const WEAK_CUES = new Set(
  'eh sao seria seriam era esta ta estao taxa frete entrada sinal partir apenas somente so vale valendo deu daria dao mais menos : - – —'.split(
    ' ',
  ),
);
/** Words that may stand between a cue and the number ('sai por apenas 46,90', 'o valor de 90'). */
const FILLERS = new Set(
  'de do da o a os as um uma uns umas tipo cerca aproximadamente torno volta entre em no na r$ ja agora entao hoje tudo'.split(
    ' ',
  ),
);
/** Units and things counted: a number before them is a quantity ('500 g', '2 bolos', '3 dias'). */
const UNITS = new Set(
  'g gr grs grama gramas kg kgs kilo kilos quilo quilos mg ml l lt litro litros cm mm m metro metros km un und unid unidade unidades peca pecas pc pcs item itens fatia fatias pedaco pedacos porcao porcoes caixa caixas pacote pacotes dia dias hora horas h min minuto minutos semana semanas mes meses ano anos vez vezes x pessoa pessoas convidado convidados andar andares cor cores tamanho tamanhos sabor sabores opcao opcoes modelo modelos duzia duzias cento centos kit kits par pares p pp m g gg xg mah w v gb mb tb mp hz pol polegada polegadas'.split(
    ' ',
  ),
);
/** Words that may follow a price ('46,90 cada', '90 no Pix', '120 parcelado'). */
const AFTER_PRICE = new Set(
  'cada a o as os no na nos nas por pra pro para com sem e ou ja em de do da mais menos tudo total so apenas certinho redondo fechado ok beleza viu ta ai entao mesmo pelo pela pelos pelas pix vista avista parcelado parcelados inteiro inteira unidade'.split(
    ' ',
  ),
);
/** Words before a number that make it a count ('serve 20', 'para 15', 'até 10'), never a price by context. */
export const COUNT_BEFORE = new Set([
  'para',
  'pra',
  'serve',
  'servem',
  'rende',
  'rendem',
  'ate',
  'tenho',
  'temos',
  'restam',
  'sobraram',
  'quantos',
  'quantas',
  'com',
  'e',
  'ou',
]);
/** Ends a sentence: a bare number is read as a price only beside another price of the same sentence. */
export const SENTENCE_END = new Set(['.', '!', '?', '\n', ';']);

/** Words that make the number before them a count of parts ('3x de 15', '10 vezes', '3 parcelas'). */
export const PART_WORDS = new Set(['x', 'vezes', 'parcelas', 'parcela', 'prestacoes', 'prestacao', 'mensalidades']);

export const toCents = (reais: number) => Math.round(reais * 100);
export const isWordNumberStart = (t: Token | undefined) => t?.kind === 'word' && isNumberWord(t.value);

/** A number followed by a unit or a thing is a quantity: '2 bolos', '500 g', '1,5 kg', 'dois dias'. */
export function isQuantityBefore(next: Token | undefined, value: number): boolean {
  if (!next || next.kind !== 'word') return false;
  if (UNITS.has(next.value) || PART_WORDS.has(next.value)) return true;
  if (AFTER_PRICE.has(next.value) || CURRENCY_WORDS.has(next.value) || isCentavos(next.value)) return false;
  if (next.value.length >= 4 && next.value.endsWith('s')) return true;
  return Number.isInteger(value) && value <= 20;
}

/** What stands before `i`: a strong or weak price cue, skipping fillers ('o valor de', 'sai por apenas'). */
export function cueBefore(tokens: readonly Token[], i: number): 'strong' | 'weak' | null {
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const t = tokens[j]!;
    if (t.value === '=' || (t.kind === 'word' && STRONG_CUES.has(t.value))) return 'strong';
    if (WEAK_CUES.has(t.value)) return t.kind === 'sym' && tokens[j - 1]?.kind !== 'word' ? null : 'weak';
    if (!(t.kind === 'word' || t.kind === 'cur') || !FILLERS.has(t.value)) return null;
  }
  return null;
}

/** 'de 80 a 120', 'entre 80 e 120': a range of numbers whose end counts no unit or thing is a price range. */
export function rangeCue(tokens: readonly Token[], i: number, after: number): 'strong' | null {
  const opener = tokens[i - 1]?.value;
  const connector = tokens[after]?.value;
  if (!((opener === 'de' && (connector === 'a' || connector === 'ate')) || (opener === 'entre' && connector === 'e')))
    return null;
  const other = readNumber(tokens, after + 1);
  return other && !other.words && !isQuantityBefore(tokens[other.next], other.value) ? 'strong' : null;
}

/** 'Nx de', 'N vezes de', 'N parcelas de', 'N x', 'em Nx fica' before `i`: N, the count of equal parts. */
export function partsBefore(tokens: readonly Token[], i: number): number | undefined {
  let j = i - 1;
  const skip = ['r$', 'de', 'sem', 'juros', 'fixas', 'iguais', 'mensais', 'fica', 'ficam', 'sai', 'saem', 'ficaria'];
  while (j >= i - 4 && j >= 0 && skip.includes(tokens[j]!.value)) j--;
  const word = tokens[j];
  if (!word || !(PART_WORDS.has(word.value) || word.value === '×' || word.value === '*')) return undefined;
  const n = tokens[j - 1];
  const count = n?.kind === 'num' ? parseBrazilianNumber(n.value) : null;
  return count !== null && Number.isInteger(count) && count >= 2 && count <= 48 ? count : undefined;
}

/** 'e 50 centavos' / 'e cinquenta centavos' right after an amount in reais: those centavos, else 0. */
export function centavosAfter(tokens: readonly Token[], i: number): number {
  if (tokens[i]?.value !== 'e') return 0;
  const n = readNumber(tokens, i + 1);
  if (!n || !isCentavos(tokens[n.next]?.value)) return 0;
  return Math.round(n.value);
}

/** '46 e 90', '15 e noventa' after an integer amount: the centavos and the index after them (no range after 'entre'). */
export function spokenCents(tokens: readonly Token[], i: number, after: number, value: number) {
  if (!Number.isInteger(value) || tokens[after]?.value !== 'e' || tokens[i - 1]?.value === 'entre') return null;
  const cents = tokens[after + 1];
  let read: { value: number; next: number } | null = null;
  if (cents?.kind === 'num' && /^\d{2}$/.test(cents.value)) read = { value: Number(cents.value), next: after + 2 };
  else if (cents?.kind === 'word' && isNumberWord(cents.value)) {
    const words = readNumber(tokens, after + 1);
    if (words?.words && Number.isInteger(words.value) && words.value >= 10 && words.value < 100) read = words;
  }
  if (!read) return null;
  const next = tokens[read.next];
  if (isCentavos(next?.value) || (next && CURRENCY_WORDS.has(next.value))) return null;
  if (isQuantityBefore(next, 99)) return null;
  return { cents: read.value, next: read.next };
}

/** True when the 'centavos' at `i` completes an amount in reais ('80 reais e 50 centavos'). */
export function isCentsOfAmount(tokens: readonly Token[], i: number): boolean {
  for (let j = i - 1; j >= Math.max(0, i - 8); j--) {
    if (tokens[j]!.value === 'e' && j > 0 && CURRENCY_WORDS.has(tokens[j - 1]!.value)) return true;
    if (tokens[j]!.value === 'e' && j > 1 && tokens[j - 2]?.kind === 'cur') return true;
    if (tokens[j]!.kind !== 'num' && !isNumberWord(tokens[j]!.value)) return false;
  }
  return false;
}

/** The number that ends right before `i` ('80', '2 mil', 'oitenta'), and a range's first end before it. */
export function amountBefore(tokens: readonly Token[], i: number) {
  const prev = tokens[i - 1];
  if (!prev) return null;
  let at: number;
  let value: number;
  const rangeStart: { at: number; value: number }[] = [];
  if (prev.kind === 'num') {
    at = i - 1;
    value = parseBrazilianNumber(prev.value) ?? NaN;
  } else if (prev.kind === 'word' && (prev.value === 'k' || scaleOf(prev.value)) && tokens[i - 2]?.kind === 'num') {
    at = i - 2;
    value = (parseBrazilianNumber(tokens[i - 2]!.value) ?? NaN) * (prev.value === 'k' ? 1000 : scaleOf(prev.value)!);
  } else {
    const run = wordsBefore(tokens, i);
    if (!run || run.numbers.length === 0) return null;
    at = run.start;
    value = run.numbers[run.numbers.length - 1]!;
    // 'entre oitenta e cem reais': the run holds both ends.
    run.numbers.slice(0, -1).forEach((n, k) => rangeStart.push({ at: run.start - 1000 - k, value: n }));
  }
  if (!Number.isFinite(value)) return null;
  // '46 e 90 reais' is one amount; 'de 80 a 120 reais', 'entre 80 e 120 reais', '80-120 reais' a range.
  const connector = tokens[at - 1];
  if (connector && RANGE_WORDS.has(connector.value)) {
    const first = tokens[at - 2];
    if (first?.kind === 'num') {
      const v = parseBrazilianNumber(first.value);
      if (
        connector.value === 'e' &&
        prev.kind === 'num' &&
        /^\d{2}$/.test(prev.value) &&
        tokens[at - 3]?.value !== 'entre' &&
        v !== null &&
        Number.isInteger(v)
      )
        return { at: at - 2, value: v + value / 100, rangeStart: [] };
      const scaled = prev.kind === 'word' && scaleOf(prev.value) ? (v ?? NaN) * scaleOf(prev.value)! : v;
      if (scaled !== null && Number.isFinite(scaled)) rangeStart.push({ at: at - 2, value: scaled });
    } else {
      const run = wordsBefore(tokens, at - 1);
      if (run?.numbers.length === 1) rangeStart.push({ at: run.start, value: run.numbers[0]! });
    }
  }
  return { at, value, rangeStart };
}
