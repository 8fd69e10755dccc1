import { describe, expect, it } from 'vitest';
import { conceptProblems, namesInSection, tablesIn } from './check-concepts.mjs';

const doc = [
  '# Doc',
  '## One name per concept',
  'Text with `not-a-row`.',
  '| Concept | Module | Feature |',
  '|---|---|---|',
  '| Numbers | `numbers` | `numbers` |',
  '| Search | `conversation-search` | `conversations` (`search/`) |',
  '## API',
  '| `api-row` | x |',
].join('\n');

describe('check-concepts', () => {
  it('reads the backticked names of the section’s table rows only', () => {
    expect([...namesInSection(doc, '## One name per concept')].sort()).toEqual([
      'conversation-search',
      'conversations',
      'numbers',
      'search/',
    ]);
  });

  it('finds the tables a schema file declares', () => {
    expect(
      tablesIn("export const a = pgTable('orders', {}); export const b = pgTable(\n  'pix_events',\n {})"),
    ).toEqual(['orders', 'pix_events']);
  });

  it('fails on a module, feature or table without a name, and on a documented table that is gone', () => {
    const problems = conceptProblems({
      modules: ['numbers', 'agenda'],
      features: ['numbers', 'campaigns'],
      tables: ['orders', 'bookings'],
      conceptNames: new Set(['numbers']),
      tableNames: new Set(['orders', 'old_table']),
    });
    expect(problems).toEqual([
      `server module 'agenda' is not in docs/architecture.md "One name per concept"`,
      `web feature 'campaigns' is not in docs/architecture.md "One name per concept"`,
      `table 'bookings' is not in docs/glossary.md "Tables"`,
      `docs/glossary.md "Tables" names 'old_table', which is no table`,
    ]);
  });

  it('passes when everything is named', () => {
    expect(
      conceptProblems({
        modules: ['numbers'],
        features: ['numbers'],
        tables: ['orders'],
        conceptNames: new Set(['numbers']),
        tableNames: new Set(['orders']),
      }),
    ).toEqual([]);
  });
});
