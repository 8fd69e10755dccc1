import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, extractDocumentText, isReadableDocument } from './extract-document.ts';
import { PDF_POOL, PdfExtractionError, pdfPoolLoad } from './pdf-text-worker.ts';

/** A one-page PDF with one line of text (Helvetica), offsets computed so pdf.js reads it without repair. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A hostile PDF: one page whose compressed content stream (about 100 KB, under DOCUMENT_LIMITS.maxBytes)
 * inflates to `mb` MB of text operators. pdf.js spends seconds of CPU on it (about 13 s for 32 MB on the
 * development machine).
 */
function bombPdf(mb: number): Buffer {
  const op = Buffer.from('BT /F1 1 Tf 1 0 0 1 9 9 Tm (a) Tj ET\n');
  const raw = Buffer.alloc(mb * 1024 * 1024, ' ');
  for (let i = 0; i + op.length <= raw.length; i += op.length) op.copy(raw, i);
  const stream = zlib.deflateSync(raw, { level: 9 });
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof o === 'string' ? Buffer.from(o, 'latin1') : o,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

describe('document text for the AI (decision 016)', () => {
  it('tells PDFs and plain text apart by type or extension', () => {
    expect(isReadableDocument('application/pdf', null)).toBe('pdf');
    expect(isReadableDocument(null, 'pedido.PDF')).toBe('pdf');
    expect(isReadableDocument('text/plain; charset=utf-8', null)).toBe('text');
    expect(isReadableDocument('application/octet-stream', 'lista.csv')).toBe('text');
    expect(isReadableDocument('application/vnd.ms-excel', 'planilha.xls')).toBeNull();
  });

  it('reads the text of a small PDF', async () => {
    expect(await extractDocumentText(tinyPdf('Orcamento: bolo de 2 andares R$ 180'), 'pdf')).toContain(
      'Orcamento: bolo de 2 andares R$ 180',
    );
  });

  it('bounds a long text file', async () => {
    const text = await extractDocumentText(Buffer.from('palavra '.repeat(5000)), 'text');
    expect(text!.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxChars);
    expect(text!.endsWith('…')).toBe(true);
  });

  it('reads a PDF in a worker thread that is stopped at the time limit (a hostile PDF cannot hold the event loop)', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    const started = Date.now();
    const error = await extractDocumentText(tinyPdf('Orcamento'), 'pdf', 5).catch((err: unknown) => err);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(PdfExtractionError);
    expect((error as PdfExtractionError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ticks).toBeGreaterThan(0); // the main thread kept running meanwhile
    // With its normal limit the same file reads.
    expect(await extractDocumentText(tinyPdf('Orcamento'), 'pdf')).toContain('Orcamento');
  });

  it('a hostile PDF (inflating to 12 MB of operators, under the decoded bound) is stopped at the time limit; the server keeps running', async () => {
    const pdf = bombPdf(12);
    expect(pdf.length).toBeLessThan(DOCUMENT_LIMITS.maxBytes);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    const error = await extractDocumentText(pdf, 'pdf', 1500).catch((err: unknown) => err);
    const elapsed = Date.now() - started;
    clearInterval(ticker);
    expect(error).toBeInstanceOf(PdfExtractionError);
    expect((error as PdfExtractionError).timedOut).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(4000);
    // The event loop was free the whole time (a timer every 10 ms kept firing).
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  }, 20_000);

  it('refuses a PDF whose streams decode past PDF_DECODED_MAX_BYTES before any worker reads it, and an encrypted one', async () => {
    const pdf = bombPdf(40);
    expect(pdf.length).toBeLessThan(DOCUMENT_LIMITS.maxBytes);
    const error = await extractDocumentText(pdf, 'pdf').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PdfExtractionError);
    expect((error as PdfExtractionError).reason).toBe('too-big');
    expect(pdfPoolLoad()).toEqual({ running: 0, waiting: 0 });
    const encrypted = Buffer.from(
      tinyPdf('Orcamento').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'),
      'latin1',
    );
    const refused = await extractDocumentText(encrypted, 'pdf').catch((err: unknown) => err);
    expect((refused as PdfExtractionError).reason).toBe('encrypted');
  });

  it('reads PDFs through one pool: at most PDF_POOL.workers at once, PDF_POOL.maxQueued waiting, the rest refused as busy', async () => {
    const total = PDF_POOL.workers + PDF_POOL.maxQueued + 4;
    let mostRunning = 0;
    let queued = false;
    const watch = setInterval(() => {
      const load = pdfPoolLoad();
      mostRunning = Math.max(mostRunning, load.running);
      queued ||= load.waiting > 0;
    }, 1);
    const results = await Promise.allSettled(
      Array.from({ length: total }, (_, i) => extractDocumentText(tinyPdf(`Pedido ${i}`), 'pdf', 20_000)),
    );
    clearInterval(watch);
    const read = results.filter((r) => r.status === 'fulfilled');
    const busy = results.filter((r) => r.status === 'rejected' && (r.reason as PdfExtractionError).reason === 'busy');
    expect(read.length + busy.length).toBe(total);
    expect(read.length).toBeGreaterThanOrEqual(PDF_POOL.workers + PDF_POOL.maxQueued);
    expect(mostRunning).toBeLessThanOrEqual(PDF_POOL.workers);
    expect(queued).toBe(true);
    expect(pdfPoolLoad()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
