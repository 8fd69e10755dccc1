/**
 * Hostile uploads built in the test, never committed: an XLSX whose sheet inflates to hundreds of MB
 * (its declared size honest or a lie) and a PDF whose content stream does. Compressed as a stream, so
 * building them costs the test process a few MB.
 */
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** `mb` MB of `unit` repeated, deflated (raw for a zip entry, zlib-wrapped for a PDF stream). */
async function deflatedRepeat(unit: string, mb: number, raw: boolean): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, unit);
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < mb; i++) if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

interface ZipEntry {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
}

/** A zip of deflated entries (PKWARE APPNOTE 4.3), each with the size it declares. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A real workbook (exceljs) whose first sheet is replaced by `mb` MB of rows; `declared` is the
 * sheet's size as the zip states it (the real one, or a lie).
 */
export async function xlsxBomb(mb: number, declared: 'honest' | number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Itens').addRow(['Produto', 'Preço']);
  const parts = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const entries: ZipEntry[] = [];
  for (const [name, file] of Object.entries(parts.files)) {
    if (file.dir) continue;
    if (name === 'xl/worksheets/sheet1.xml') {
      const data = await deflatedRepeat(' ', mb, true);
      entries.push({ name, data, size: declared === 'honest' ? mb * 1024 * 1024 : declared, crc: 0 });
    } else {
      const content = await file.async('nodebuffer');
      entries.push({ name, data: deflateRawSync(content), size: content.length, crc: crc32(content) });
    }
  }
  return zip(entries);
}

/** A one-page PDF whose Flate content stream inflates to `mb` MB (a few hundred KB on the wire). */
export async function pdfBomb(mb: number): Promise<Buffer> {
  const stream = await deflatedRepeat(' ', mb, false);
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ].map((o) => Buffer.from(o, 'latin1'));
  objects.push(
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * The process's resident memory at its highest while `run` works, above what it was just before
 * (sampled every few ms: the work under test runs off the main thread or between awaits).
 */
export async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}
