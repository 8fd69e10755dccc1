import { describe, expect, it } from 'vitest';
import { passProblems } from './check-database-passes.mjs';

const a = 'apps/server/test/a.test.ts';
const b = 'apps/server/test/b.test.ts';
const c = 'apps/server/test/c.test.ts';
const LISTS = 'pgliteAndPostgres, postgresElsePglite, pgliteOnly';

describe('passProblems', () => {
  it('accepts every file in one list with a reason', () => {
    expect(
      passProblems([a, b, c], {
        pgliteAndPostgres: { [a]: 'search SQL with unaccent' },
        postgresElsePglite: { [c]: 'claims with SKIP LOCKED' },
        pgliteOnly: { [b]: 'no database: pure rules' },
      }),
    ).toEqual([]);
  });

  it('names a file in no list, in two lists, with no reason, or listed but gone', () => {
    const gone = 'apps/server/test/gone.test.ts';
    expect(passProblems([a], { pgliteAndPostgres: {}, pgliteOnly: {} })).toEqual([
      `${a}: not classified; add it to ${LISTS} with its reason`,
    ]);
    expect(
      passProblems([a], { pgliteAndPostgres: { [a]: 'claims with SKIP LOCKED' }, pgliteOnly: { [a]: 'pure rules' } }),
    ).toContain(`${a}: in pgliteAndPostgres and pgliteOnly; choose one`);
    expect(
      passProblems([a], { postgresElsePglite: { [a]: 'claims with SKIP LOCKED' }, pgliteOnly: { [a]: 'pure rules' } }),
    ).toContain(`${a}: in postgresElsePglite and pgliteOnly; choose one`);
    expect(passProblems([a], { pgliteAndPostgres: { [a]: '' }, pgliteOnly: {} })).toEqual([
      `${a}: the reason in pgliteAndPostgres is missing or too short`,
    ]);
    expect(passProblems([a], { pgliteAndPostgres: {}, pgliteOnly: { [a]: 'pure rules', [gone]: 'old file' } })).toEqual(
      [`${gone}: listed in pgliteOnly but there is no such test file`],
    );
  });
});
