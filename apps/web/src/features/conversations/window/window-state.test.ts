import { describe, expect, it } from 'vitest';
import { windowState } from './window-api';

/** The composer's 24-hour window (docs/decisions/041 and 054-cloud-window-and-templates.md). */
const now = new Date('2026-11-29T12:00:00Z');
const at = (hoursAgo: number) => now.getTime() - hoursAgo * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('windowState', () => {
  it('is open within 24 h of the customer’s last message, moved forward by a message in the chat', () => {
    const data = {
      applies: true,
      customerLastAt: iso(at(30)),
      closesAt: iso(at(6)),
      open: false,
      closedByMeta: false,
      metaAgentHolds: false,
    };
    expect(windowState(data, 0, now).open).toBe(false);
    expect(windowState(data, at(1), now)).toMatchObject({ open: true, closedByMeta: false });
  });

  it('stays closed after Meta’s #131047 whatever the last message says, until the customer writes again', () => {
    const data = {
      applies: true,
      customerLastAt: iso(at(2)),
      closesAt: iso(at(-22)),
      open: false,
      closedByMeta: true,
      metaAgentHolds: false,
    };
    expect(windowState(data, at(2), now)).toMatchObject({ open: false, closedByMeta: true });
    expect(windowState(data, at(1.99), now)).toMatchObject({ open: true, closedByMeta: false });
  });

  it('QR conversations have no window', () => {
    const data = {
      applies: false,
      customerLastAt: null,
      closesAt: null,
      open: true,
      closedByMeta: false,
      metaAgentHolds: false,
    };
    expect(windowState(data, 0, now)).toMatchObject({ applies: false, open: true });
  });

  it('says when Meta’s own agent holds the thread (standby), on any number', () => {
    const data = { applies: true, customerLastAt: iso(at(1)), closesAt: iso(at(-23)), open: true, closedByMeta: false };
    expect(windowState({ ...data, metaAgentHolds: true }, 0, now)).toMatchObject({ open: true, metaAgentHolds: true });
    expect(windowState({ ...data, metaAgentHolds: false }, 0, now).metaAgentHolds).toBe(false);
  });
});
