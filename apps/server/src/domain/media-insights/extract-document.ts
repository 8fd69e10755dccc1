import { extractPdfTextInWorker } from './pdf-text-worker.ts';

/**
 * Documents whose text is given to the AI: PDFs and plain text, bounded. A PDF is read in a worker
 * thread stopped after `pdfTimeoutMs` (pdf-text-worker.ts).
 */
export const DOCUMENT_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxPages: 10,
  maxChars: 4000,
  pdfTimeoutMs: 10_000,
} as const;

const TEXT_TYPES = /^(text\/(plain|csv|markdown)|application\/json)\b/i;

/** Whether a document's text can be extracted (by MIME type, else by the file name's extension). */
export function isReadableDocument(mimetype: string | null, filename: string | null): 'pdf' | 'text' | null {
  const type = mimetype ?? '';
  if (/^application\/pdf\b/i.test(type) || /\.pdf$/i.test(filename ?? '')) return 'pdf';
  if (TEXT_TYPES.test(type) || /\.(txt|csv|md)$/i.test(filename ?? '')) return 'text';
  return null;
}

const clip = (text: string, max: number) => {
  const clean = text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/**
 * The text of a small PDF (its first DOCUMENT_LIMITS.maxPages pages, through unpdf's pdf.js build, in a
 * worker stopped at `pdfTimeoutMs`: it throws then) or a plain-text file, cut at DOCUMENT_LIMITS.maxChars;
 * null when there is none (a scanned PDF).
 */
export async function extractDocumentText(
  data: Buffer,
  kind: 'pdf' | 'text',
  pdfTimeoutMs: number = DOCUMENT_LIMITS.pdfTimeoutMs,
): Promise<string | null> {
  if (kind === 'text') {
    const text = clip(new TextDecoder('utf-8', { fatal: false }).decode(data), DOCUMENT_LIMITS.maxChars);
    return text || null;
  }
  const raw = await extractPdfTextInWorker(data, {
    timeoutMs: pdfTimeoutMs,
    maxPages: DOCUMENT_LIMITS.maxPages,
    maxChars: DOCUMENT_LIMITS.maxChars,
  });
  const text = clip(raw, DOCUMENT_LIMITS.maxChars);
  return text || null;
}
