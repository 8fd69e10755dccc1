import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('texto sem links fica como está', () => {
    expect(linkify('Olá, tudo bem?\nQuero um orçamento.')).toEqual([
      { kind: 'text', text: 'Olá, tudo bem?\nQuero um orçamento.' },
    ]);
  });

  it('transforma endereços http(s) e www em links, sem a pontuação final', () => {
    expect(linkify('Veja https://loja.com.br/produto?id=3. Ou www.exemplo.com!')).toEqual([
      { kind: 'text', text: 'Veja ' },
      { kind: 'link', text: 'https://loja.com.br/produto?id=3', href: 'https://loja.com.br/produto?id=3' },
      { kind: 'text', text: '. Ou ' },
      { kind: 'link', text: 'www.exemplo.com', href: 'https://www.exemplo.com' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('nunca cria links javascript: ou data:', () => {
    const parts = linkify('clique javascript:alert(1) e data:text/html,<b>oi</b>');
    expect(parts.every((p) => p.kind === 'text')).toBe(true);
  });

  it('link entre parênteses', () => {
    expect(linkify('(https://a.com)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://a.com', href: 'https://a.com' },
      { kind: 'text', text: ')' },
    ]);
  });
});
