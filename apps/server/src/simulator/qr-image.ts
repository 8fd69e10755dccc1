/** Small memo: the page polls, and drawing a QR costs a few milliseconds each time. */
const cache = new Map<string, string>();

/** A real QR code (PNG data URI, as Evolution returns it) whose content is `text`. */
export async function qrDataUri(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) return hit;
  // Loaded on the first QR drawn, not at start (docs/performance.md).
  const { default: QRCode } = await import('qrcode');
  const uri = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 264, type: 'image/png' });
  if (cache.size > 200) cache.delete(cache.keys().next().value!);
  cache.set(text, uri);
  return uri;
}
