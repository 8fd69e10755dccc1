import { contactContentSchema, formatPhone, locationContentSchema } from '@vendai/contracts';

/** Location content is a JSON string {address, lat, lng} (docs/product/data.md); null when unreadable. */
export function parseLocation(content: string | null) {
  const parsed = locationContentSchema.safeParse(safeJson(content));
  if (!parsed.success) return null;
  const { lat, lng, address } = parsed.data;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return {
    address: address?.trim() || null,
    lat,
    lng,
    /** Links only: the inbox never loads a map from a third party. */
    openStreetMapUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
    googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`,
  };
}

/** Contact content is a JSON string {name, phone} (docs/product/data.md); null when unreadable. */
export function parseContact(content: string | null) {
  const parsed = contactContentSchema.safeParse(safeJson(content));
  if (!parsed.success) return null;
  const digits = parsed.data.phone?.replace(/\D/g, '') ?? '';
  return { name: parsed.data.name.trim() || 'Contato', phone: digits ? formatPhone(digits) : null };
}

function safeJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** '52 KB', '1,4 MB' (pt-BR decimals). */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** '0:07', '12:34' for voice notes and videos. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
