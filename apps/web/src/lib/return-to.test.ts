import { describe, expect, it } from 'vitest';
import { returnPathFrom, returnSearch } from './return-to';

describe('return after sign-in', () => {
  it('round-trips a path of this app with its query string', () => {
    expect(returnPathFrom(returnSearch('/simulador?aba=conexoes&numero=vendai1'))).toBe(
      '/simulador?aba=conexoes&numero=vendai1',
    );
  });

  it('never returns to another site', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'simulador', '']) {
      expect(returnPathFrom(`?voltar=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
    expect(returnPathFrom('?ref=abc')).toBeNull();
  });
});
