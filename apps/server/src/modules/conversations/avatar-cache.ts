/**
 * Contact pictures by conversation, kept in memory so a list of 30 rows does not ask the gateway 30
 * times on every visit. A found picture is kept for an hour (WhatsApp's picture URLs are signed and
 * expire after days), a miss for ten minutes (a contact may add a picture, a gateway may recover).
 * Concurrent lookups of the same key share one gateway call. Bounded: the oldest entries go first.
 */
export interface AvatarCache {
  get(key: string, load: () => Promise<string | null>): Promise<string | null>;
}

export function createAvatarCache({
  hitTtlMs = 60 * 60_000,
  missTtlMs = 10 * 60_000,
  maxEntries = 10_000,
  now = () => Date.now(),
} = {}): AvatarCache {
  const entries = new Map<string, { url: string | null; expiresAt: number }>();
  const inFlight = new Map<string, Promise<string | null>>();
  return {
    async get(key, load) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.url;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = load()
        .catch(() => null)
        .then((url) => {
          entries.delete(key);
          entries.set(key, { url, expiresAt: now() + (url ? hitTtlMs : missTtlMs) });
          while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          return url;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, lookup);
      return lookup;
    },
  };
}
