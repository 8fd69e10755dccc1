import { describe, expect, it } from 'vitest';
import { bytesToBase64, formatBytes, formatDuration, sampleVoiceNote } from './media';

describe('sampleVoiceNote', () => {
  it('gera um WAV PCM mono de 16 bits com a duração pedida', () => {
    const wav = sampleVoiceNote(3, 8_000);
    const view = new DataView(wav.buffer);
    const text = (at: number, n: number) => String.fromCharCode(...wav.subarray(at, at + n));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(3 * 8_000 * 2);
    expect(wav.length).toBe(44 + 3 * 8_000 * 2);
    // Not silence.
    expect(wav.subarray(44).some((b) => b !== 0)).toBe(true);
  });
});

describe('bytesToBase64', () => {
  it('codifica como o base64 padrão, também para arquivos maiores que um bloco', () => {
    expect(bytesToBase64(new TextEncoder().encode('Olá'))).toBe(btoa(unescape(encodeURIComponent('Olá'))));
    const big = new Uint8Array(40_000).map((_, i) => i % 251);
    const decoded = Uint8Array.from(atob(bytesToBase64(big)), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(big);
  });
});

describe('formatação', () => {
  it('mostra tamanhos e durações como o WhatsApp', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3,5 MB');
    expect(formatBytes(null)).toBe('');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(75)).toBe('1:15');
  });
});
