import { z } from 'zod';

/**
 * The business's catalogue (products and services the AI quotes from) and the price guard's per-agent
 * rules (docs/decisions/025-catalogue-and-price-guard.md). Prices are integer centavos; a null price
 * is 'sob consulta'.
 */

export const CATALOGUE_KINDS = ['produto', 'servico'] as const;
export const CATALOGUE_KIND_LABELS: Record<(typeof CATALOGUE_KINDS)[number], string> = {
  produto: 'Produto',
  servico: 'Serviço',
};

export const AVAILABILITIES = ['em_estoque', 'esgotado', 'sob_encomenda'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  em_estoque: 'Em estoque',
  esgotado: 'Esgotado',
  sob_encomenda: 'Sob encomenda',
};

export const CATALOGUE_ITEM_NOT_FOUND = 'Item do catálogo não encontrado.';
export const CATALOGUE_NAME_REQUIRED = 'Informe o nome do produto ou serviço.';
export const CATALOGUE_PRICE_INVALID = 'Informe um preço válido (ex.: 89,90) ou deixe “sob consulta”.';
export const CATALOGUE_PHOTO_INVALID = 'Envie a foto em JPG, PNG ou WebP com até 5 MB.';
/** The most a price may be: R$ 10 milhões. */
export const CATALOGUE_MAX_PRICE_CENTS = 1_000_000_000;
/** Most photo bytes accepted for a catalogue item. */
export const CATALOGUE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const priceCentsSchema = z
  .number({ error: CATALOGUE_PRICE_INVALID })
  .int({ error: CATALOGUE_PRICE_INVALID })
  .min(0, { error: CATALOGUE_PRICE_INVALID })
  .max(CATALOGUE_MAX_PRICE_CENTS, { error: CATALOGUE_PRICE_INVALID })
  .nullable();

export const catalogueOptionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Informe o nome da opção.' })
    .max(80, { error: 'Nome da opção muito longo (máx. 80).' }),
  /** null: same price as the item. */
  priceCents: priceCentsSchema,
});
export type CatalogueOption = z.infer<typeof catalogueOptionSchema>;
/** PATCH with an option the item does not have. */
export const catalogueOptionNotFound = (name: string) => `O item não tem a opção “${name}”.`;

export const catalogueItemInputSchema = z.object({
  kind: z.enum(CATALOGUE_KINDS, { error: 'Escolha produto ou serviço.' }).default('produto'),
  name: z
    .string({ error: CATALOGUE_NAME_REQUIRED })
    .trim()
    .min(1, { error: CATALOGUE_NAME_REQUIRED })
    .max(120, { error: 'Nome muito longo (máx. 120 caracteres).' }),
  description: z.string().trim().max(2000, { error: 'Descrição muito longa (máx. 2.000 caracteres).' }).default(''),
  priceCents: priceCentsSchema.default(null),
  unit: z.string().trim().max(30, { error: 'Unidade muito longa (máx. 30 caracteres).' }).default(''),
  availability: z.enum(AVAILABILITIES, { error: 'Escolha a disponibilidade.' }).default('em_estoque'),
  options: z.array(catalogueOptionSchema).max(30, { error: 'No máximo 30 opções por item.' }).default([]),
  tags: z
    .array(z.string().trim().min(1).max(40, { error: 'Etiqueta muito longa (máx. 40).' }))
    .max(20, { error: 'No máximo 20 etiquetas por item.' })
    .default([]),
  allowsDiscount: z.boolean().default(false),
});
export type CatalogueItemInput = z.infer<typeof catalogueItemInputSchema>;
/** The dialog's values before defaults are applied. */
export type CatalogueItemFormValues = z.input<typeof catalogueItemInputSchema>;

/** PATCH /api/catalogue/:id: only the fields given change (the prompt coach's 'Aplicar'). */
export const catalogueItemPatchSchema = z
  .object({
    priceCents: priceCentsSchema.optional(),
    availability: catalogueItemInputSchema.shape.availability.unwrap().optional(),
    description: z.string().trim().max(2000, { error: 'Descrição muito longa (máx. 2.000 caracteres).' }).optional(),
    /** The new price of the item's option of that name (ignoring case and accents); null: the item's price. */
    optionPrice: catalogueOptionSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Informe o que muda no item.' });
export type CatalogueItemPatch = z.infer<typeof catalogueItemPatchSchema>;

export const catalogueItemSchema = catalogueItemInputSchema.extend({
  id: z.string(),
  photoUrl: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueListQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'Busca muito longa.' }).optional(),
  archived: z.enum(['true', 'false'], { error: 'Filtro inválido.' }).optional(),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuerySchema>;

export const catalogueListSchema = z.object({
  items: z.array(catalogueItemSchema),
  /** Active (not archived) items of the account. */
  activeCount: z.number().int(),
  archivedCount: z.number().int(),
});
export type CatalogueList = z.infer<typeof catalogueListSchema>;

export const catalogueArchiveSchema = z.object({ archived: z.boolean({ error: 'Informe se o item fica arquivado.' }) });

/** The text a customer gets when the AI's answer had a price the guard could not find, twice. */
export const PRICE_FALLBACK_DEFAULT = 'Vou confirmar e já te respondo.';

export const priceGuardSettingsSchema = z.object({
  fallbackText: z
    .string()
    .trim()
    .min(1, { error: 'Escreva a mensagem que o cliente recebe.' })
    .max(300, { error: 'Mensagem muito longa (máx. 300 caracteres).' }),
  allowsDiscounts: z.boolean(),
});
export type PriceGuardSettings = z.infer<typeof priceGuardSettingsSchema>;

/** A business fact a reply used, as the playground lists it. */
export const replyFactSchema = z.object({
  kind: z.enum(['product', 'passage']),
  id: z.string(),
  label: z.string(),
});
export type ReplyFact = z.infer<typeof replyFactSchema>;

/** Made once: building an Intl.NumberFormat costs far more than formatting with it. */
let brl: Intl.NumberFormat | undefined;

/** 'R$ 1.234,56' from centavos (pt-BR); null → 'Sob consulta'. */
export function formatCents(cents: number | null): string {
  if (cents === null) return 'Sob consulta';
  brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  return brl.format(cents / 100).replace(/\s/g, ' ');
}

/** An uploaded file sent as the request's raw bytes with its own content-type (photo, spreadsheet). */
export const fileUploadBodySchema = z.any().describe('O arquivo (bytes), com o content-type dele');

// ---------------------------------------------------------------------------------------------
// Import from a spreadsheet (CSV / XLSX): read → map columns → preview → apply in one transaction.

/** Most rows one import reads. */
export const IMPORT_MAX_ROWS = 1000;
/** Most bytes of an imported file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_FIELDS = ['name', 'price', 'description', 'unit', 'availability', 'tags', 'kind'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Nome',
  price: 'Preço',
  description: 'Descrição',
  unit: 'Unidade',
  availability: 'Disponibilidade',
  tags: 'Etiquetas',
  kind: 'Tipo (produto/serviço)',
};
export const IMPORT_NAME_COLUMN_REQUIRED = 'Escolha a coluna que tem o nome do produto ou serviço.';

export const importTableSchema = z.object({
  /** The file's line of the header (rows follow it, empty ones included, so errors name real lines). */
  headerLine: z.number().int().min(1).default(1),
  headers: z.array(z.string().max(200)).min(1, { error: 'A planilha não tem colunas.' }).max(50),
  rows: z
    .array(z.array(z.string().max(5000)).max(50))
    .min(1, { error: 'A planilha não tem linhas com dados.' })
    .max(IMPORT_MAX_ROWS, { error: `No máximo ${IMPORT_MAX_ROWS} linhas por importação.` }),
});
export type ImportTable = z.infer<typeof importTableSchema>;

/** Which column (index) holds each field; null = not in the file. */
export const importMappingSchema = z.object({
  name: z.number().int().min(0).nullable(),
  price: z.number().int().min(0).nullable(),
  description: z.number().int().min(0).nullable(),
  unit: z.number().int().min(0).nullable(),
  availability: z.number().int().min(0).nullable(),
  tags: z.number().int().min(0).nullable(),
  kind: z.number().int().min(0).nullable(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importReadSchema = importTableSchema.extend({ mapping: importMappingSchema });
export type ImportRead = z.infer<typeof importReadSchema>;

export const importRequestSchema = z.object({ table: importTableSchema, mapping: importMappingSchema });
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importPlanRowSchema = z.object({
  /** The spreadsheet's line number (the header is line 1). */
  line: z.number().int(),
  action: z.enum(['criar', 'atualizar', 'igual', 'erro']),
  name: z.string(),
  priceCents: z.number().int().nullable(),
  availability: z.enum(AVAILABILITIES),
  error: z.string().nullable(),
});
export const importPlanSchema = z.object({
  rows: z.array(importPlanRowSchema),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type ImportPlan = z.infer<typeof importPlanSchema>;

export const importResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
