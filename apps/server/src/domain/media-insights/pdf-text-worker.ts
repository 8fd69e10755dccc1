import { Worker } from 'node:worker_threads';

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
    pages.push(text);
    length += text.length;
    if (length > workerData.maxChars) break;
  }
  parentPort.postMessage({ ok: true, text: pages.join('\\n\\n') });
})().catch(async (err) => {
  const { parentPort } = await import('node:worker_threads');
  parentPort.postMessage({ ok: false, error: String((err && err.message) || err) });
});
`;

/** Why a PDF gave no text: the time limit, or pdf.js refused it. */
export class PdfExtractionError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export interface PdfLimits {
  timeoutMs: number;
  maxPages: number;
  maxChars: number;
}

/** The text of a PDF's first pages, read in a worker that is terminated at `timeoutMs`. */
export function extractPdfTextInWorker(data: Buffer, limits: PdfLimits): Promise<string> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { unpdf: import.meta.resolve('unpdf'), data: new Uint8Array(data), ...limits },
    // A PDF that inflates into a huge object graph dies in its own heap, not the server's.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => settle(() => reject(new PdfExtractionError(`PDF not read within ${limits.timeoutMs} ms`, true))),
      limits.timeoutMs,
    );
    worker.once('message', (m: { ok: boolean; text?: string; error?: string }) =>
      settle(() => (m.ok ? resolve(m.text ?? '') : reject(new PdfExtractionError(m.error ?? 'PDF refused', false)))),
    );
    worker.once('error', (err) => settle(() => reject(new PdfExtractionError(err.message, false))));
    worker.once('exit', (code) => settle(() => reject(new PdfExtractionError(`PDF worker exited (${code})`, false))));
  });
}
