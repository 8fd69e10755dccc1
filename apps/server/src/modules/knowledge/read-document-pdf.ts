import { KNOWLEDGE_DOCUMENT_LIMITS } from '@vendai/contracts';
import { pdfRefusal } from '../../domain/media-insights/pdf-refusal.ts';
import { extractPdfTextInWorker } from '../../domain/media-insights/pdf-text-worker.ts';
import { AppError } from '../../lib/app-error.ts';

export const PDF_NOT_PDF = 'Este arquivo não é um PDF. Envie um arquivo .pdf ou cole o texto.';
export const PDF_NO_TEXT =
  'Este PDF não tem texto para ler (parece digitalizado, feito de imagens). Envie um PDF com texto ou cole o texto em “Colar texto”.';
/** A PDF of a document is read in the media-understanding worker, with a longer time limit. */
const PDF_TIMEOUT_MS = 20_000;

const refuse = (message: string) => new AppError('VALIDATION', message, { fields: { file: message } });

/**
 * The text of a document's PDF (its first KNOWLEDGE_DOCUMENT_LIMITS.pdfMaxPages pages, at most maxChars
 * characters) through the same unpdf worker as media understanding (a hostile PDF is stopped at the time
 * limit). A file that is not a PDF, cannot be read, or has no text (a scan) is a 400 in Portuguese.
 */
export async function readDocumentPdf(data: Buffer): Promise<string> {
  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse(PDF_NOT_PDF);
  let text: string;
  try {
    text = await extractPdfTextInWorker(data, {
      timeoutMs: PDF_TIMEOUT_MS,
      maxPages: KNOWLEDGE_DOCUMENT_LIMITS.pdfMaxPages,
      maxChars: KNOWLEDGE_DOCUMENT_LIMITS.maxChars,
    });
  } catch (err) {
    throw pdfRefusal(err);
  }
  const clean = text.replace(/[ \t]+/g, ' ').trim();
  if (clean.replace(/[\s\p{P}]/gu, '').length < 20) throw refuse(PDF_NO_TEXT);
  return clean;
}
