/** JSON.parse that answers null instead of throwing (stored JSON strings of location/contact messages). */
export function safeJson<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
