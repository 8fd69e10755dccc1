import type { ImportRead } from '@vendai/contracts';
import { extractDocumentText } from '../../domain/media-insights/extract-document.ts';
import { pdfRefusal } from '../../domain/media-insights/pdf-refusal.ts';
import { PdfExtractionError } from '../../domain/media-insights/pdf-text-worker.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import type { MediaAi } from '../../integrations/media-ai/media-ai.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeJson } from '../../lib/safe-json.ts';

const NO_TEXT = 'Não encontramos texto neste arquivo. Envie um PDF com texto (não digitalizado) ou uma planilha.';
const NO_VISION = 'A leitura de fotos não está configurada neste servidor. Envie a lista em PDF, .csv ou .xlsx.';
const NO_ITEMS = 'A IA não encontrou itens com preço nesta lista. Confira o arquivo ou envie uma planilha.';
const READ_PHOTO =
  'Esta é a foto de uma lista de preços. Transcreva todos os itens, um por linha, no formato "nome — preço".';

const PROMPT = [
  'Você lê listas de preços de pequenos negócios brasileiros.',
  'Devolva somente JSON no formato {"itens":[{"nome":"...","preco":80.5,"descricao":"...","unidade":"..."}]}.',
  'preco em reais como número (null quando não houver preço); copie nomes e preços exatamente como estão, sem inventar itens.',
].join(' ');

interface ReadItem {
  nome?: unknown;
  preco?: unknown;
  descricao?: unknown;
  unidade?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 2000) : '');
const price = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0
    ? v.toFixed(2).replace('.', ',')
    : typeof v === 'string'
      ? v.trim()
      : '';

/**
 * A PDF or a photo of a price list read by the AI into proposed rows (decision 025): the PDF's text
 * (unpdf) or the photo's transcription (the vision model of media understanding, decision 016), then the
 * AI turns it into items. The answer is an import table the owner reviews in the same preview as a
 * spreadsheet — nothing enters the catalogue unreviewed.
 */
export async function readPriceList({
  llm,
  mediaAi,
  data,
  mimetype,
  claim,
}: {
  llm: Llm;
  mediaAi: MediaAi;
  data: Buffer;
  mimetype: string;
  /** Claims one AI assist before the first model call (decision 050); returns its give-back. */
  claim: () => Promise<() => Promise<void>>;
}): Promise<ImportRead> {
  let source: string | null;
  let giveBack: (() => Promise<void>) | null = null;
  if (mimetype === 'application/pdf') {
    // A PDF the pool refuses (too big once decoded, encrypted, pool full) says why; a damaged one has no text.
    source = await extractDocumentText(data, 'pdf').catch((err: unknown) => {
      if (err instanceof PdfExtractionError && err.reason !== 'refused' && err.reason !== 'timeout')
        throw pdfRefusal(err);
      return null;
    });
  } else {
    if (!mediaAi.describeImage) throw new AppError('NOT_CONFIGURED', NO_VISION);
    giveBack = await claim();
    source = await mediaAi.describeImage({ data, mimetype, filename: null }, READ_PHOTO).catch(async () => {
      await giveBack?.();
      throw new AppError('UPSTREAM');
    });
  }
  if (!source?.trim()) {
    await giveBack?.();
    throw new AppError('VALIDATION', NO_TEXT, { fields: { file: NO_TEXT } });
  }
  giveBack ??= await claim();
  const answer = await llm
    .complete({
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: source },
      ],
      temperature: 0,
      task: { kind: 'price-list', text: source },
    })
    .catch(async (err: unknown) => {
      await giveBack?.();
      throw err;
    });
  const json = /\{[\s\S]*\}/.exec(answer ?? '')?.[0];
  const parsed = safeJson<{ itens?: ReadItem[] }>(json);
  const rows = (Array.isArray(parsed?.itens) ? parsed.itens : [])
    .map((i) => [text(i.nome), price(i.preco), text(i.descricao), text(i.unidade)])
    .filter((r) => r[0])
    .slice(0, 1000);
  if (rows.length === 0) throw new AppError('VALIDATION', NO_ITEMS, { fields: { file: NO_ITEMS } });
  return {
    headerLine: 1,
    headers: ['Nome', 'Preço', 'Descrição', 'Unidade'],
    rows,
    mapping: { name: 0, price: 1, description: 2, unit: 3, availability: null, tags: null, kind: null },
  };
}
