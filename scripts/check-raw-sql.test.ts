import { describe, expect, it } from 'vitest';
import { counted, rawSqlCount, rawSqlProblems } from './check-raw-sql.mjs';

describe('rawSqlCount', () => {
  it('counts sql templates, typed ones included', () => {
    const source = [
      'const a = sql`select 1`;',
      'const b = sql<{ n: number }>`select ${x}::int as n`;',
      'where(and(eq(t.id, id), sql`${t.at} > now()`))',
    ].join('\n');
    expect(rawSqlCount(source)).toBe(3);
  });

  it('leaves sql.raw, sql.join, other tags and words ending in sql alone', () => {
    const source = ['sql.raw(name)', 'sql.join(parts, sql.raw(", "))', 'mysql`x`', 'html`<p>`', 'const sql = 1;'].join(
      '\n',
    );
    expect(rawSqlCount(source)).toBe(0);
  });
});

describe('counted', () => {
  it('skips repositories, db/ and tests', () => {
    expect(counted('modules/pix/check-charge.ts')).toBe(true);
    expect(counted('modules/pix/pix-repository.ts')).toBe(false);
    expect(counted('db/schema/orders.ts')).toBe(false);
    expect(counted('db/rows.ts')).toBe(false);
    expect(counted('modules/pix/check-charge.test.ts')).toBe(false);
  });
});

describe('rawSqlProblems', () => {
  it('passes when the counts are the baseline', () => {
    expect(rawSqlProblems({ 'a.ts': 2 }, { 'a.ts': 2 })).toEqual([]);
  });

  it('fails when a file gains raw SQL or a new file holds some', () => {
    const problems = rawSqlProblems({ 'a.ts': 2 }, { 'a.ts': 3, 'b.ts': 1 });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('a.ts holds 3');
    expect(problems[1]).toContain('b.ts holds raw SQL');
  });

  it('fails when the baseline is higher than the file, so the list only shrinks', () => {
    expect(rawSqlProblems({ 'a.ts': 2, 'b.ts': 1 }, { 'a.ts': 1 })).toEqual([
      'a.ts now holds 1 raw SQL templates (baseline 2): lower its number in the baseline',
      'b.ts holds no raw SQL any more: delete its line from the baseline',
    ]);
  });
});
