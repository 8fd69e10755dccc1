import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TUTORIAL_LESSONS } from './lessons';
import { TutorialLessons } from './tutorial-lessons';

const URLS = [
  'https://www.youtube.com/watch?v=AAAAAAAAAAA',
  'https://youtu.be/BBBBBBBBBBB',
  'https://example.com/video',
];
const [first, second, third] = TUTORIAL_LESSONS.map((l) => l.title);

const play = (name: RegExp | string) =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Assistir à aula \\d: ${name}`) }));

describe('TutorialLessons', () => {
  beforeEach(() => {
    // happy-dom never loads iframe pages (so nothing reaches YouTube) and reports each skipped load on
    // the Node console it captured at start-up; keep that noise out of the test output.
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) =>
      String(chunk).includes('Iframe page loading is disabled')
        ? true
        : write(chunk as string, ...rest)) as typeof process.stderr.write);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('mostra só miniaturas locais até alguém clicar', () => {
    const { container } = render(<TutorialLessons videoUrls={URLS} />);
    expect(screen.getAllByRole('button', { name: /^Assistir à aula/ })).toHaveLength(2);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('troca a miniatura pelo player sem cookies, com autoplay e sem vídeos relacionados', () => {
    const { container } = render(<TutorialLessons videoUrls={URLS} />);
    play(first!);
    const iframe = container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/AAAAAAAAAAA?autoplay=1&rel=0');
    expect(screen.queryByRole('button', { name: /Assistir à aula 1/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar vídeo' }));
  });

  it('toca no máximo um vídeo por vez', () => {
    const { container } = render(<TutorialLessons videoUrls={URLS} />);
    play(first!);
    play(second!);
    const iframes = container.querySelectorAll('iframe');
    expect(iframes).toHaveLength(1);
    expect(iframes[0]?.getAttribute('src')).toContain('/embed/BBBBBBBBBBB?');
    expect(screen.getByRole('button', { name: new RegExp(`Assistir à aula 1: ${first}`) })).toBeTruthy();
  });

  it("'Fechar vídeo' volta para a miniatura e devolve o foco a ela", () => {
    const { container } = render(<TutorialLessons videoUrls={URLS} />);
    play(second!);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar vídeo' }));
    expect(container.querySelector('iframe')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: new RegExp(`Assistir à aula 2: ${second}`) }),
    );
  });

  it('uma aula sem link de vídeo utilizável mostra o passo a passo escrito no lugar do player', () => {
    render(<TutorialLessons videoUrls={URLS} />);
    const written = screen.getByRole('article', { name: third });
    expect(written.textContent).toContain(TUTORIAL_LESSONS[2]!.steps[0]);
    expect(screen.queryByRole('button', { name: /Assistir à aula 3/ })).toBeNull();
  });

  it('sem nenhum link configurado, as três aulas aparecem como texto e nenhum player é criado', () => {
    const { container } = render(<TutorialLessons videoUrls={['', '', '']} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(container.querySelector('iframe')).toBeNull();
    for (const lesson of TUTORIAL_LESSONS)
      expect(screen.getByRole('article', { name: lesson.title }).querySelectorAll('li')).toHaveLength(
        lesson.steps.length,
      );
  });
});
