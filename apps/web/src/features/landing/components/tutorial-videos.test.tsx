import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TutorialVideo } from '../content';
import { TutorialVideos } from './tutorial-videos';

const video = (slug: string, title: string, videoUrl: string): TutorialVideo => ({
  slug,
  title,
  description: `Descrição de ${title}`,
  duration: '1:00',
  videoUrl,
  thumbnail: 'connect',
});

const VIDEOS = [
  video('a', 'Primeira aula', 'https://www.youtube.com/watch?v=AAAAAAAAAAA'),
  video('b', 'Segunda aula', 'https://youtu.be/BBBBBBBBBBB'),
  video('c', 'Aula sem link válido', 'https://example.com/video'),
];

const play = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('TutorialVideos', () => {
  beforeEach(() => {
    // happy-dom never loads iframe pages (so nothing reaches YouTube) and reports each skipped load on
    // the Node console it captured at start-up; keep that noise out of the test output.
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) =>
      String(chunk).includes('Iframe page loading is disabled') ? true : write(chunk as string, ...rest)) as typeof process.stderr.write);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('mostra só miniaturas locais até alguém clicar', () => {
    const { container } = render(<TutorialVideos videos={VIDEOS} />);
    expect(screen.getAllByRole('button', { name: /^Assistir à aula/ })).toHaveLength(3);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('troca a miniatura pelo player sem cookies, com autoplay e sem vídeos relacionados', () => {
    const { container } = render(<TutorialVideos videos={VIDEOS} />);
    play(/Primeira aula/);
    const iframe = container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/AAAAAAAAAAA?autoplay=1&rel=0');
    expect(screen.queryByRole('button', { name: /Assistir à aula 1/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar vídeo' }));
  });

  it('toca no máximo um vídeo por vez', () => {
    const { container } = render(<TutorialVideos videos={VIDEOS} />);
    play(/Primeira aula/);
    play(/Segunda aula/);
    const iframes = container.querySelectorAll('iframe');
    expect(iframes).toHaveLength(1);
    expect(iframes[0]?.getAttribute('src')).toContain('/embed/BBBBBBBBBBB?');
    expect(screen.getByRole('button', { name: /Assistir à aula 1: Primeira aula/ })).toBeTruthy();
  });

  it("'Fechar vídeo' volta para a miniatura e devolve o foco a ela", () => {
    const { container } = render(<TutorialVideos videos={VIDEOS} />);
    play(/Segunda aula/);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar vídeo' }));
    expect(container.querySelector('iframe')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Assistir à aula 2: Segunda aula/ }));
  });

  it('deixa o player sem endereço quando o link não tem id de vídeo', () => {
    const { container } = render(<TutorialVideos videos={VIDEOS} />);
    play(/Aula sem link válido/);
    const iframe = container.querySelector('iframe');
    expect(iframe).not.toBeNull();
    expect(iframe?.getAttribute('src') ?? '').toBe('');
  });
});
