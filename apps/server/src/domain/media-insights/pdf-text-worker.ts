import { Worker } from 'node:worker_threads';
import { checkPdfBounds, PdfBoundsError } from './pdf-bounds.ts';

/**
 * PDF text extraction in a worker thread with a time limit (docs/decisions/021-spend-and-abuse-limits.md,
 * "Bounded work"): pdf.js parses whatever a customer sends, and a hostile PDF (deep object graphs,
 * huge content streams) could otherwise hold the event loop, and so every webhook, reply and page of
 * the server. The worker is terminated at the limit, and the caller tells the AI the document could
 * not be read.
 *
 * The worker's code is this string, run with `eval: true` (written to run as a script or as a module:
 * imports only, no require), and it imports unpdf by the URL the main
 * thread resolved: no second file to find, so it works the same under tsx and from the production
 * bundle (scripts/build.mjs makes one ESM file; npm packages stay in node_modules).
 */
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const { getDocumentProxy } = await import(workerData.unpdf);
  const pdf = await getDocumentProxy(new Uint8Array(workerData.data));
  const pages = [];
  let length = 0;
  for (let n = 1; n <= Math.min(pdf.numPages, workerData.maxPages); n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.slice(0, workerData.maxChars - length + 1));
    length += text.length;
    if (length > workerData.maxChars) break;
  }
  parentPort.postMessage({ ok: true, text: pages.join('\\n\\n').slice(0, workerData.maxChars + 1) });
})().catch(async (err) => {
  const { parentPort } = await import('node:worker_threads');
  parentPort.postMessage({ ok: false, error: String((err && err.message) || err) });
});
`;

/** Why a PDF gave no text (docs/decisions/050-upload-and-model-call-limits.md). */
export type PdfFailure =
  /** Not read within the time limit. */
  | 'timeout'
  /** pdf.js refused it, or its worker died (its heap limit). */
  | 'refused'
  /** Its streams decode to more than PDF_DECODED_MAX_BYTES (pdf-bounds.ts). */
  | 'too-big'
  /** Encrypted: its streams cannot be measured before pdf.js decrypts them. */
  | 'encrypted'
  /** PDF_POOL.maxQueued PDFs already wait for a worker. */
  | 'busy';

export class PdfExtractionError extends Error {
  constructor(
    message: string,
    readonly reason: PdfFailure,
  ) {
    super(message);
    this.name = 'PdfExtractionError';
  }

  get timedOut(): boolean {
    return this.reason === 'timeout';
  }
}

export interface PdfLimits {
  timeoutMs: number;
  maxPages: number;
  maxChars: number;
}

/**
 * The one pool every PDF of the process goes through (media understanding, Conhecimento, the catalogue
 * import): at most `workers` read at once, each in a worker with its own heap limit; `maxQueued` more
 * wait their turn (their time limit starts when they get a worker), any further one is refused at once.
 */
export const PDF_POOL = { workers: 2, maxQueued: 16, heapMb: 128 } as const;

let running = 0;
const waiting: (() => void)[] = [];

async function withPoolSlot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= PDF_POOL.workers) {
    if (waiting.length >= PDF_POOL.maxQueued) throw new PdfExtractionError('PDF pool full', 'busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** PDFs reading or waiting now (tests; a slot passes straight from one PDF to the next). */
export const pdfPoolLoad = () => ({ running, waiting: waiting.length });

/**
 * The text of a PDF's first pages (at most `maxChars` + 1 characters): its streams are measured first
 * (pdf-bounds.ts, nothing kept), then it is read in a pooled worker terminated at `timeoutMs`.
 */
export async function extractPdfTextInWorker(data: Buffer, limits: PdfLimits): Promise<string> {
  try {
    await checkPdfBounds(data);
  } catch (err) {
    if (err instanceof PdfBoundsError)
      throw new PdfExtractionError(err.message, err.reason === 'encrypted' ? 'encrypted' : 'too-big');
    throw err;
  }
  return withPoolSlot(() => readInWorker(data, limits));
}

function readInWorker(data: Buffer, limits: PdfLimits): Promise<string> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { unpdf: import.meta.resolve('unpdf'), data: new Uint8Array(data), ...limits },
    // A PDF that inflates into a huge object graph dies in its own heap, not the server's.
    resourceLimits: { maxOldGenerationSizeMb: PDF_POOL.heapMb, maxYoungGenerationSizeMb: 16 },
    stdout: true,
    stderr: true,
  });
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The slot is given back once the worker is gone, so the pool's cap holds for memory too.
      void worker.terminate().finally(fn);
    };
    const fail = (message: string, reason: PdfFailure) => settle(() => reject(new PdfExtractionError(message, reason)));
    const timer = setTimeout(() => fail(`PDF not read within ${limits.timeoutMs} ms`, 'timeout'), limits.timeoutMs);
    worker.once('message', (m: { ok: boolean; text?: string; error?: string }) =>
      m.ok ? settle(() => resolve(m.text ?? '')) : fail(m.error ?? 'PDF refused', 'refused'),
    );
    worker.once('error', (err) => fail(err.message, 'refused'));
    worker.once('exit', (code) => fail(`PDF worker exited (${code})`, 'refused'));
  });
}
