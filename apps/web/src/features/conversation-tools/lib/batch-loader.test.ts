import { describe, expect, it, vi } from 'vitest';
import { createBatchLoader } from './batch-loader';

describe('createBatchLoader', () => {
  it('junta os pedidos do mesmo momento em uma chamada, repetidos uma vez só', async () => {
    const fetchMany = vi.fn(async (keys: string[]) => new Map(keys.map((k) => [k, [`etiqueta-de-${k}`]])));
    const load = createBatchLoader(fetchMany, { max: 100, missing: [] as string[] });
    const answers = await Promise.all([load('a'), load('b'), load('a')]);
    expect(answers).toEqual([['etiqueta-de-a'], ['etiqueta-de-b'], ['etiqueta-de-a']]);
    expect(fetchMany).toHaveBeenCalledTimes(1);
    expect(fetchMany).toHaveBeenCalledWith(['a', 'b']);
  });

  it('divide em partes de no máximo `max` e responde `missing` ao que o servidor não trouxe', async () => {
    const fetchMany = vi.fn(async (keys: string[]) => new Map(keys.filter((k) => k !== 'c').map((k) => [k, 1])));
    const load = createBatchLoader(fetchMany, { max: 2, missing: 0 });
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(load))).toEqual([1, 1, 0, 1, 1]);
    expect(fetchMany.mock.calls).toEqual([[['a', 'b']], [['c', 'd']], [['e']]]);
  });

  it('um erro chega a todos os pedidos daquela chamada, e o próximo momento tenta de novo', async () => {
    let fail = true;
    const load = createBatchLoader(
      async (keys: string[]) => {
        if (fail) throw new Error('sem conexão');
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      { max: 10, missing: '' },
    );
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('sem conexão');
    fail = false;
    expect(await load('a')).toBe('A');
  });
});
