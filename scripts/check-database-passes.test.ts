import { describe, expect, it } from 'vitest';
import { passProblems } from './check-database-passes.mjs';

const a = 'apps/server/test/a.test.ts';
const b = 'apps/server/test/b.test.ts';

describe('passProblems', () => {
  it('accepts every file in one list with a reason', () => {
    expect(
      passProblems([a, b], {
        pgliteAndPostgres: { [a]: 'claims with SKIP LOCKED' },
        pgliteOnly: { [b]: 'no database: pure rules' },
      }),
    ).toEqual([]);
  });

  it('names a file in no list, in both lists, with no reason, or listed but gone', () => {
    const gone = 'apps/server/test/gone.test.ts';
    expect(passProblems([a], { pgliteAndPostgres: {}, pgliteOnly: {} })).toEqual([
      `${a}: not classified; add it to pgliteAndPostgres or pgliteOnly with its reason`,
    ]);
    expect(
      passProblems([a], { pgliteAndPostgres: { [a]: 'claims with SKIP LOCKED' }, pgliteOnly: { [a]: 'pure rules' } }),
    ).toContain(`${a}: in both lists; choose one`);
    expect(passProblems([a], { pgliteAndPostgres: { [a]: '' }, pgliteOnly: {} })).toEqual([
      `${a}: the reason in pgliteAndPostgres is missing or too short`,
    ]);
    expect(passProblems([a], { pgliteAndPostgres: {}, pgliteOnly: { [a]: 'pure rules', [gone]: 'old file' } })).toEqual(
      [`${gone}: listed in pgliteOnly but there is no such test file`],
    );
  });
});
