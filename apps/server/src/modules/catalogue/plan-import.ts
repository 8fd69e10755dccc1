import {
  type Availability,
  type CatalogueItemInput,
  catalogueItemInputSchema,
  IMPORT_NAME_COLUMN_REQUIRED,
  type ImportPlan,
  type ImportRequest,
} from '@vendai/contracts';
import type { CatalogueRow } from '../../domain/facts/catalogue-search-repository.ts';
import { parseBrazilianNumber } from '../../domain/price-guard/extract-amounts.ts';
import { AppError } from '../../lib/app-error.ts';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** 'R$ 1.234,56', '89,90', '80', 89.9 (Excel) → centavos; '' or 'sob consulta' → null; undefined when unreadable. */
export function parseImportPrice(text: string): number | null | undefined {
  const t = plain(text)
    .replace(/^r\$\s*/, '')
    .replace(/\s/g, '');
  if (t === '' || /^(sobconsulta|consultar|aconsultar|-)$/.test(t)) return null;
  if (!/^\d[\d.,]*$/.test(t)) return undefined;
  const value = parseBrazilianNumber(t);
  return value === null ? undefined : Math.round(value * 100);
}

function parseAvailability(text: string): Availability | undefined {
  const t = plain(text);
  if (t === '' || /^(em estoque|estoque|disponivel|sim|s|ok|ativo)$/.test(t)) return 'em_estoque';
  if (/^(esgotado|indisponivel|sem estoque|nao|n|0|acabou)$/.test(t)) return 'esgotado';
  if (/^(sob encomenda|encomenda|por encomenda|sob pedido)$/.test(t)) return 'sob_encomenda';
  return undefined;
}

export interface PlannedRow {
  line: number;
  input: CatalogueItemInput | null;
  existingId: string | null;
  action: 'criar' | 'atualizar' | 'igual' | 'erro';
  error: string | null;
}

const same = (a: CatalogueItemInput, b: CatalogueRow) =>
  a.priceCents === b.priceCents &&
  a.description === b.description &&
  a.unit === b.unit &&
  a.availability === b.availability &&
  a.kind === b.kind &&
  JSON.stringify(a.tags) === JSON.stringify(b.tags);

/**
 * What an import will do, row by row (pure): empty rows are skipped; a row whose name matches an active
 * item (ignoring case and accents) updates it — keeping its options, photo and discount rule — and any
 * other creates one; a wrong value is an error with the line and a Portuguese reason. Columns the
 * mapping leaves out keep the item's value (update) or the default (create).
 */
export function planImport({ table, mapping }: ImportRequest, existing: readonly CatalogueRow[]): PlannedRow[] {
  if (mapping.name === null)
    throw new AppError('VALIDATION', IMPORT_NAME_COLUMN_REQUIRED, { fields: { name: IMPORT_NAME_COLUMN_REQUIRED } });
  for (const [field, index] of Object.entries(mapping))
    if (index !== null && index >= table.headers.length)
      throw new AppError('VALIDATION', `A coluna escolhida para “${field}” não existe na planilha.`);
  const byName = new Map(existing.map((e) => [plain(e.name), e]));
  const seen = new Set<string>();
  const out: PlannedRow[] = [];
  table.rows.forEach((cells, i) => {
    const line = table.headerLine + 1 + i;
    if (cells.every((c) => c.trim() === '')) return;
    const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
    const fail = (error: string) => out.push({ line, input: null, existingId: null, action: 'erro', error });
    const name = cell(mapping.name);
    if (!name) return fail(`Linha ${line}: falta o nome do item.`);
    const key = plain(name);
    if (seen.has(key)) return fail(`Linha ${line}: “${name}” aparece mais de uma vez na planilha.`);
    seen.add(key);
    const found = byName.get(key) ?? null;
    const priceCents = mapping.price === null ? (found?.priceCents ?? null) : parseImportPrice(cell(mapping.price));
    if (priceCents === undefined)
      return fail(`Linha ${line}: o preço “${cell(mapping.price)}” não é um valor válido (ex.: 89,90 ou R$ 1.234,56).`);
    const availability =
      mapping.availability === null
        ? (found?.availability ?? 'em_estoque')
        : parseAvailability(cell(mapping.availability));
    if (!availability)
      return fail(
        `Linha ${line}: disponibilidade “${cell(mapping.availability)}” desconhecida (use em estoque, esgotado ou sob encomenda).`,
      );
    const kindText = plain(cell(mapping.kind));
    const kind =
      mapping.kind === null || kindText === ''
        ? (found?.kind ?? 'produto')
        : /^serv/.test(kindText)
          ? 'servico'
          : 'produto';
    const parsed = catalogueItemInputSchema.safeParse({
      kind,
      name,
      description: mapping.description === null ? (found?.description ?? '') : cell(mapping.description),
      priceCents,
      unit: mapping.unit === null ? (found?.unit ?? '') : cell(mapping.unit),
      availability,
      tags:
        mapping.tags === null
          ? (found?.tags ?? [])
          : cell(mapping.tags)
              .split(/[,;|]/)
              .map((t) => t.trim())
              .filter(Boolean),
      options: found?.options ?? [],
      allowsDiscount: found?.allowsDiscount ?? false,
    });
    if (!parsed.success) return fail(`Linha ${line}: ${parsed.error.issues[0]!.message}`);
    const action = !found ? 'criar' : same(parsed.data, found) ? 'igual' : 'atualizar';
    out.push({ line, input: parsed.data, existingId: found?.id ?? null, action, error: null });
  });
  return out;
}

/** The plan as the preview shows it. */
export function planSummary(rows: readonly PlannedRow[]): ImportPlan {
  const count = (a: PlannedRow['action']) => rows.filter((r) => r.action === a).length;
  return {
    rows: rows.map((r) => ({
      line: r.line,
      action: r.action,
      name: r.input?.name ?? '',
      priceCents: r.input?.priceCents ?? null,
      availability: r.input?.availability ?? 'em_estoque',
      error: r.error,
    })),
    create: count('criar'),
    update: count('atualizar'),
    unchanged: count('igual'),
    errors: count('erro'),
  };
}
