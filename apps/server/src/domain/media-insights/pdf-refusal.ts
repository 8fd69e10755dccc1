import { AppError } from '../../lib/app-error.ts';
import { PdfExtractionError, type PdfFailure } from './pdf-text-worker.ts';

export const PDF_UNREADABLE =
  'Não conseguimos ler este PDF (arquivo danificado ou protegido por senha). Tente outro arquivo ou cole o texto.';
export const PDF_TOO_SLOW = 'Este PDF demorou demais para ser lido. Envie um arquivo menor ou cole o texto.';
export const PDF_TOO_BIG =
  'Este PDF é grande demais para ler: descompactado, passa de 32 MB. Envie um arquivo menor ou cole o texto.';
export const PDF_ENCRYPTED =
  'Este PDF está protegido (criptografado) e não pode ser lido. Salve-o sem proteção ou cole o texto.';
export const PDF_BUSY = 'Muitos PDFs estão sendo lidos agora. Tente de novo em um minuto.';

const REASON_MESSAGES: Record<PdfFailure, string> = {
  timeout: PDF_TOO_SLOW,
  refused: PDF_UNREADABLE,
  'too-big': PDF_TOO_BIG,
  encrypted: PDF_ENCRYPTED,
  busy: PDF_BUSY,
};

/**
 * An uploaded PDF the pool could not read (pdf-text-worker.ts), as the Portuguese answer its uploader
 * sees: 400 on the file's `file` field, or 429 when the pool is full (try again shortly).
 */
export function pdfRefusal(err: unknown): AppError {
  const reason = err instanceof PdfExtractionError ? err.reason : 'refused';
  if (reason === 'busy') return new AppError('RATE_LIMITED', PDF_BUSY);
  const message = REASON_MESSAGES[reason];
  return new AppError('VALIDATION', message, { fields: { file: message } });
}
