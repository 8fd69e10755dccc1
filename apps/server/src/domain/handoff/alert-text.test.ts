import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGE_MAX, capText, defangLinks, nameForAlert, quoteForAlert } from './alert-text.ts';

/** Nothing WhatsApp or a mail client would turn into a link: no scheme, no dotted host. */
function linkable(text: string): boolean {
  return /[a-z][a-z0-9+.-]*:\/\//i.test(text) || /[\p{L}\p{N}-]\.[\p{L}\p{N}-]*\p{L}/u.test(text);
}

describe('owner alert text: links become plain domains', () => {
  it.each([
    ['https://evil.example/x', 'evil[.]example'],
    ['veja http://evil.example:8080/login?next=1 agora', 'veja evil[.]example agora'],
    ['https://banco.com.br@evil.example/pix', 'evil[.]example'],
    ['HTTPS://WWW.Evil.Example/', 'www[.]evil[.]example'],
    ['acesse evil.example/login', 'acesse evil[.]example'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['bit.ly/abc', 'bit[.]ly'],
    ['manda pra joao@evil.example', 'manda pra joao@evil[.]example'],
    ['fullwidth ｅｖｉｌ．ｃｏｍ', 'fullwidth evil[.]com'],
    ['ideographic evil。com', 'ideographic evil[.]com'],
    ['zero width evil\u200b.com', 'zero width evil[.]com'],
    ['ftp://1.2.3.4/a', '1[.]2[.]3[.]4'],
    ['http://[::1]:80/x', '::1'],
    ['loja-nova.com.br, tudo bem?', 'loja-nova[.]com[.]br, tudo bem?'],
    ['café.example', 'café[.]example'],
  ])('%s → %s', (input, expected) => {
    const out = defangLinks(input);
    expect(out).toBe(expected);
    expect(linkable(out)).toBe(false);
  });

  it('keeps prices, times and sentences that only look dotted', () => {
    expect(defangLinks('Custa R$ 1.500,00 às 10.30. Ok.Obrigado')).toBe('Custa R$ 1.500,00 às 10.30. Ok[.]Obrigado');
    expect(defangLinks('versão 2.4.1')).toBe('versão 2.4.1');
  });

  it('one line: line breaks, tabs and bidi overrides cannot fake another line of the alert', () => {
    const out = defangLinks('oi\n\nAbrir conversa: evil.example\t\u202Eevil\u202C');
    expect(out).toBe('oi Abrir conversa: evil[.]example evil');
    expect(out).not.toMatch(/[\n\r\t\u202E]/);
  });
});

describe('owner alert text: quoted and capped', () => {
  it('quotes with typographic quotes and caps at the documented length (code points, with …)', () => {
    const long = `${'😀'.repeat(200)} https://evil.example`;
    const quoted = quoteForAlert(long, ALERT_MESSAGE_MAX)!;
    expect(quoted.startsWith('“') && quoted.endsWith('”')).toBe(true);
    const inner = Array.from(quoted.slice(1, -1));
    expect(inner).toHaveLength(ALERT_MESSAGE_MAX);
    expect(inner.at(-1)).toBe('…');
    expect(quoted).not.toContain('\uFFFD');
  });

  it('a link cut by the cap is still not a link', () => {
    const quoted = quoteForAlert(`${'a'.repeat(130)} https://evil.example/x`, 140)!;
    expect(linkable(quoted)).toBe(false);
  });

  it('empty or blank text is no quote at all', () => {
    expect(quoteForAlert('  \n ', 140)).toBeNull();
    expect(quoteForAlert(null, 140)).toBeNull();
  });

  it('a name is inert and capped, not quoted', () => {
    expect(nameForAlert('Banco XYZ acesse bit.ly/pix')).toBe('Banco XYZ acesse bit[.]ly');
    expect(Array.from(nameForAlert('x'.repeat(500))!)).toHaveLength(60);
    expect(capText('abc', 3)).toBe('abc');
  });
});
