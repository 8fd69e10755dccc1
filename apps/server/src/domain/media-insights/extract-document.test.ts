import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, extractDocumentText, isReadableDocument } from './extract-document.ts';

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
});
