import { Readable, Transform } from 'node:stream';
import { createInflate } from 'node:zlib';

/**
 * What a PDF's streams may decode to before pdf.js reads it (docs/product/limits.md, "Uploads";
 * docs/decisions/050-upload-and-model-call-limits.md). pdf.js decodes a stream into one ArrayBuffer,
 * outside the worker's heap limit, so a 200 KB PDF whose content stream inflates to 500 MB costs the
 * process 500 MB whatever `resourceLimits` says. Every stream that text extraction may decode (not
 * images, which it skips) is decoded here first as a stream whose output is counted and dropped.
 */
export const PDF_DECODED_MAX_BYTES = 32 * 1024 * 1024;

export class PdfBoundsError extends Error {
  constructor(readonly reason: 'decoded' | 'encrypted') {
    super(`pdf refused: ${reason}`);
    this.name = 'PdfBoundsError';
  }
}

/**
 * The most one input byte can become through a filter that is not decoded here (PDF 32000-1, 7.4):
 * LZW codes of 9–12 bits name strings of at most 4,096 bytes; a run-length pair makes at most 128.
 */
const WORST_RATIO: Record<string, number> = {
  LZWDecode: 2731,
  LZW: 2731,
  RunLengthDecode: 128,
  RL: 128,
  ASCIIHexDecode: 1,
  AHx: 1,
  ASCII85Decode: 4,
  A85: 4,
};
const FLATE = new Set(['FlateDecode', 'Fl']);
/** Image codecs: pdf.js does not decode images to extract text. */
const IMAGE = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

interface PdfStream {
  dict: string;
  data: Buffer;
}

/** Each `<<…>> stream … endstream` of the file, with the text of its dictionary. */
function* streamsOf(pdf: Buffer, text: string): Generator<PdfStream> {
  for (const m of text.matchAll(/>>\s*stream(\r\n|\n|\r)/g)) {
    const start = m.index + m[0].length;
    const before = text.slice(Math.max(0, m.index - 4096), m.index + 2);
    const objAt = before.search(/\bobj\b(?![\s\S]*\bobj\b)/);
    const dict = objAt >= 0 ? before.slice(objAt) : before;
    const end = text.indexOf('endstream', start);
    yield { dict, data: pdf.subarray(start, end < 0 ? pdf.length : end) };
  }
}

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  return m ? [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!) : [];
}

/** Counts bytes flowing through, failing once `limit` is passed (nothing is kept). */
function counter(limit: number) {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > limit ? new PdfBoundsError('decoded') : null);
    },
  });
  return { stream, bytes: () => bytes };
}

/** ASCIIHexDecode (PDF 32000-1, 7.4.2): pairs of hex digits up to '>'. */
function asciiHex(data: Buffer): Buffer {
  const hex = data
    .toString('latin1')
    .split('>')[0]!
    .replace(/[^0-9a-f]/gi, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

/** ASCII85Decode (PDF 32000-1, 7.4.3): groups of five characters '!'–'u', 'z' for four zeros, '~>' ends. */
function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').split('~>')[0]!.replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    const padded = [...group, ...Array<number>(5 - group.length).fill(84)];
    const value = padded.reduce((acc, d) => acc * 85 + d, 0);
    for (let i = 0; i < n; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else if (ch >= '!' && ch <= 'u') {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

/**
 * The decoded size of one stream: leading ASCII layers decoded (their output is at most four times
 * the file), Flate layers inflated as streams, any other filter counted at its worst ratio.
 */
async function decodedSize(s: PdfStream, limit: number): Promise<number> {
  const filters = filtersOf(s.dict);
  let data = s.data;
  let at = 0;
  for (; at < filters.length; at++) {
    const f = filters[at]!;
    if (f === 'ASCIIHexDecode' || f === 'AHx') data = asciiHex(data);
    else if (f === 'ASCII85Decode' || f === 'A85') data = ascii85(data);
    else break;
  }
  let flates = 0;
  while (at + flates < filters.length && FLATE.has(filters[at + flates]!)) flates++;
  const count = counter(limit);
  let stream: NodeJS.ReadableStream = Readable.from([data]);
  for (let i = 0; i < flates; i++) stream = stream.pipe(createInflate({ finishFlush: 2 /* Z_SYNC_FLUSH */ }));
  stream = stream.pipe(count.stream);
  try {
    for await (const _chunk of stream);
  } catch (err) {
    if (err instanceof PdfBoundsError) throw err;
    // A damaged stream: pdf.js stops where zlib stops; what came out so far is counted.
  }
  let size = count.bytes();
  for (const f of filters.slice(at + flates)) {
    if (IMAGE.has(f)) break;
    size *= FLATE.has(f) ? Infinity : (WORST_RATIO[f] ?? 1);
  }
  return size;
}

/**
 * Throws PdfBoundsError when the PDF's non-image streams decode to more than `maxBytes` together, or
 * when it is encrypted (its streams cannot be measured before pdf.js decrypts them).
 */
export async function checkPdfBounds(pdf: Buffer, maxBytes = PDF_DECODED_MAX_BYTES): Promise<void> {
  const text = pdf.toString('latin1');
  if (/\/Encrypt\s*(<<|\d+\s+\d+\s+R)/.test(text)) throw new PdfBoundsError('encrypted');
  let total = 0;
  for (const s of streamsOf(pdf, text)) {
    if (/\/Subtype\s*\/Image\b/.test(s.dict)) continue;
    total += await decodedSize(s, maxBytes - total);
    if (total > maxBytes) throw new PdfBoundsError('decoded');
  }
}
