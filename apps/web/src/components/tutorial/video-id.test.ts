import { describe, expect, it } from 'vitest';
import { embedUrl, extractVideoId } from './video-id';

describe('extractVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('lê o id de um link de página do vídeo (%s)', (url, id) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    ['https://youtu.be/VendAIaula2', 'VendAIaula2'],
    ['https://youtu.be/VendAIaula2?si=abc123&t=10', 'VendAIaula2'],
    ['youtu.be/VendAIaula2', 'VendAIaula2'],
  ])('lê o id de um link curto (%s)', (url, id) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    ['https://www.youtube.com/shorts/Ab_c-123XyZ', 'Ab_c-123XyZ'],
    ['https://youtube.com/shorts/Ab_c-123XyZ?feature=share', 'Ab_c-123XyZ'],
    ['  https://youtube.com/shorts/Ab_c-123XyZ/  ', 'Ab_c-123XyZ'],
  ])('lê o id de um link de Shorts (%s)', (url, id) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    '',
    'não é um link',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch?v=curto',
    'https://www.youtube.com/shorts/',
    'https://www.youtube.com/channel/UCdQw4w9WgXcQ',
    'https://youtu.be/',
    'https://vimeo.com/watch?v=dQw4w9WgXcQ',
    'https://example.com/shorts/dQw4w9WgXcQ',
    'https://evil.com/?u=youtu.be/dQw4w9WgXcQ',
  ])('devolve vazio quando não há id ("%s")', (url) => {
    expect(extractVideoId(url)).toBe('');
  });
});

describe('embedUrl', () => {
  it('monta o player sem cookies, com autoplay e sem vídeos relacionados', () => {
    expect(embedUrl('VendAIaula1')).toBe('https://www.youtube-nocookie.com/embed/VendAIaula1?autoplay=1&rel=0');
  });

  it('devolve vazio sem id', () => {
    expect(embedUrl('')).toBe('');
  });
});
