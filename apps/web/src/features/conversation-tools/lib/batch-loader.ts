/**
 * Gathers the keys asked for in one tick into as few requests as possible (at most `max` keys each):
 * the 30 rows of a page each ask for their labels, and the server answers them in one call.
 */
export function createBatchLoader<V>(
  fetchMany: (keys: string[]) => Promise<Map<string, V>>,
  { max, missing }: { max: number; missing: V },
): (key: string) => Promise<V> {
  let waiting: { key: string; resolve: (v: V) => void; reject: (err: unknown) => void }[] = [];

  const flush = () => {
    const batch = waiting;
    waiting = [];
    const keys = [...new Set(batch.map((w) => w.key))];
    for (let i = 0; i < keys.length; i += max) {
      const chunk = new Set(keys.slice(i, i + max));
      const mine = batch.filter((w) => chunk.has(w.key));
      fetchMany([...chunk]).then(
        (found) => mine.forEach((w) => w.resolve(found.get(w.key) ?? missing)),
        (err: unknown) => mine.forEach((w) => w.reject(err)),
      );
    }
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!waiting.length) setTimeout(flush, 0);
      waiting.push({ key, resolve, reject });
    });
}
