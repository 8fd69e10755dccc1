import { describe, expect, it } from 'vitest';
import { anchorsOf, headingSlug, outsideReferences } from './check-links.mjs';

const section = (n: string) => '\u00a7' + n;

describe('outsideReferences', () => {
  it('finds section numbers, issue numbers and folders outside the repository', () => {
    expect(outsideReferences(`/** Plan limits (part 2 ${section('9')}). */`)).toEqual([
      'a section number of the original specification',
    ]);
    expect(outsideReferences('// Prices (iss' + 'ue 11): Stripe.')).toEqual(['an issue number']);
    expect(outsideReferences('see ' + '#18 for why')).toEqual(['an issue number']);
    expect(outsideReferences('read ../shared/' + 'spec/part-1.md')).toEqual(['a folder outside the repository']);
  });

  it('leaves links to docs/, colours, statutes and ordinary numbers alone', () => {
    expect(outsideReferences('/** Plan limits (docs/product/limits.md#plan-limits). */')).toEqual([]);
    expect(outsideReferences("color: '#18a34a'; padding: 4px")).toEqual([]);
    expect(outsideReferences(`(art. 18, ${section(' 2º')})`)).toEqual([]);
    expect(outsideReferences('the QR 1 rotates after 60 s; 3 issues were found')).toEqual([]);
    expect(outsideReferences('"message": "(#100) Invalid parameter",')).toEqual([]);
  });
});

describe('anchors', () => {
  it('slugs headings the way GitHub does', () => {
    expect(headingSlug('2.1 `POST /instance/create` → 201')).toBe('21-post-instancecreate--201');
    expect(headingSlug('Dashboard (inbox)')).toBe('dashboard-inbox');
  });

  it('numbers repeated headings and ignores fenced code', () => {
    const md = ['# Title', '## Rules', '```', '## Not a heading', '```', '## Rules'].join('\n');
    expect([...anchorsOf(md)]).toEqual(['title', 'rules', 'rules-1']);
  });
});
