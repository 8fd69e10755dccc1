import { describe, expect, it } from 'vitest';
import { machinePathLines } from './check-machine-paths.mjs';

const root = (name: string) => `/${name}/`;

describe('machinePathLines', () => {
  it('finds a workspace or home folder named in docs or code', () => {
    const text = [
      'The notes are in `' + root('work') + 'notes/`.',
      'ok line',
      'const p = "' + root('home') + 'ana/x";',
      'see ' + root('Users') + 'bob/notes',
    ].join('\n');
    expect(machinePathLines(text)).toEqual([1, 3, 4]);
  });

  it('leaves URLs and relative paths alone', () => {
    const text = ['https://example.com' + root('home') + 'page', 'docs/trabalho/notes.txt', 'src/home/page.tsx'].join(
      '\n',
    );
    expect(machinePathLines(text)).toEqual([]);
  });
});
