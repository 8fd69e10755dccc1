import { describe, expect, it } from 'vitest';
import { resumeLabel } from './resume-label';

describe('resumeLabel', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('counts down in minutes, hours and days, and says when the time is over', () => {
    expect(resumeLabel(null, now)).toBeNull();
    expect(resumeLabel('2026-11-22T12:20:00Z', now)).toBe('IA volta em 20 min');
    expect(resumeLabel('2026-11-22T15:00:00Z', now)).toBe('IA volta em 3 h');
    expect(resumeLabel('2026-11-25T12:00:00Z', now)).toBe('IA volta em 3 dias');
    expect(resumeLabel('2026-11-22T11:00:00Z', now)).toBe('IA volta na próxima mensagem');
  });
});
