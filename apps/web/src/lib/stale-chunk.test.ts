import { describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, RELOAD_GUARD_MS, reloadOnceForStaleChunk } from './stale-chunk';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('chunk de uma versão anterior', () => {
  it('reconhece a falha de import dinâmico dos navegadores', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('recarrega uma vez; uma segunda falha logo depois não recarrega de novo (sem loop)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(reload, storage, 1_000_000)).toBe(true);
    expect(reloadOnceForStaleChunk(reload, storage, 1_000_000 + 5_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy, long after: the tab may reload again.
    expect(reloadOnceForStaleChunk(reload, storage, 1_000_000 + RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
