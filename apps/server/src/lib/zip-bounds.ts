import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * What an uploaded zip (an XLSX) may inflate to before a library reads it (docs/product/limits.md,
 * "Uploads"; docs/decisions/050-upload-and-model-call-limits.md). The central directory's declared
 * sizes are checked first (nothing is inflated when they are over), then every entry is inflated once,
 * as a stream whose output is counted and dropped: a declared size can lie, the bytes cannot.
 */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Inflated bytes of all entries together (declared, then actual). */
  maxInflatedBytes: number;
  /** Opening XML tags (`<name`) of all entries: what a parser turns into objects. */
  maxXmlElements: number;
  /** `<row` tags in entries whose name matches `rowsIn` (a spreadsheet's rows cost the most). */
  maxRows: number;
  rowsIn: RegExp;
}

/** Why a zip was refused: `reason` says which limit (for logs and tests); the caller words it for people. */
export class ZipLimitError extends Error {
  constructor(readonly reason: 'not-zip' | 'entries' | 'inflated' | 'lied' | 'elements' | 'rows' | 'method') {
    super(`zip refused: ${reason}`);
    this.name = 'ZipLimitError';
  }
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** ZIP64 markers: no spreadsheet a person uploads needs them, and they would hide the real sizes. */
const ZIP64 = 0xffffffff;

/** The central directory (PKWARE APPNOTE 4.3.12/4.3.16), read from the end of the file. */
function centralDirectory(data: Buffer, maxEntries: number): Entry[] {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--)
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw new ZipLimitError('not-zip');
  const count = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || offset === ZIP64) throw new ZipLimitError('not-zip');
  if (count > maxEntries) throw new ZipLimitError('entries');
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new ZipLimitError('not-zip');
    const nameLength = data.readUInt16LE(at + 28);
    const entry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      name: data.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    };
    if (entry.size === ZIP64 || entry.compressedSize === ZIP64 || entry.localOffset === ZIP64)
      throw new ZipLimitError('not-zip');
    entries.push(entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's stored bytes, found through its local header as a reader (JSZip) finds them. */
function storedBytes(data: Buffer, e: Entry): Buffer {
  const at = e.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new ZipLimitError('not-zip');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + e.compressedSize > data.length) throw new ZipLimitError('not-zip');
  return data.subarray(start, start + e.compressedSize);
}

/** Counts `<name` openings and `<row` openings in text that arrives in chunks (a tag may straddle two). */
function tagCounter(countRows: boolean) {
  let carry = '';
  let elements = 0;
  let rows = 0;
  return {
    add(chunk: Buffer) {
      let text = carry + chunk.toString('latin1');
      // A tag name cut at the chunk's end is kept for the next chunk and counted there.
      const cut = text.lastIndexOf('<');
      carry = cut >= 0 && text.length - cut < 64 && !text.slice(cut).includes('>') ? text.slice(cut) : '';
      if (carry) text = text.slice(0, cut);
      for (const m of text.matchAll(/<([A-Za-z_][\w.:-]*)/g)) {
        elements++;
        if (countRows && /^(\w+:)?row$/.test(m[1]!)) rows++;
      }
    },
    get elements() {
      return elements;
    },
    get rows() {
      return rows;
    },
  };
}

/**
 * Checks a zip against `limits` without keeping what it inflates: throws ZipLimitError at the first
 * limit passed, so a bomb costs at most a few chunks of memory and the CPU to inflate `maxInflatedBytes`.
 */
export async function checkZipBounds(data: Buffer, limits: ZipLimits): Promise<void> {
  const entries = centralDirectory(data, limits.maxEntries);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxInflatedBytes) throw new ZipLimitError('inflated');
  let total = 0;
  let elements = 0;
  let rows = 0;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    if (e.method !== 0 && e.method !== 8) throw new ZipLimitError('method');
    const stored = storedBytes(data, e);
    const isXml = /\.(xml|rels)$/i.test(e.name);
    const counter = tagCounter(limits.rowsIn.test(e.name));
    let size = 0;
    const source = Readable.from([stored]);
    const stream = e.method === 8 ? source.pipe(createInflateRaw()) : source;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > e.size) throw new ZipLimitError('lied');
        if (total + size > limits.maxInflatedBytes) throw new ZipLimitError('inflated');
        if (!isXml) continue;
        counter.add(chunk);
        if (elements + counter.elements > limits.maxXmlElements) throw new ZipLimitError('elements');
        if (rows + counter.rows > limits.maxRows) throw new ZipLimitError('rows');
      }
    } catch (err) {
      stream.destroy();
      if (err instanceof ZipLimitError) throw err;
      throw new ZipLimitError('not-zip');
    }
    total += size;
    elements += counter.elements;
    rows += counter.rows;
  }
}
