import type { ConversationApprovalDto, ReplyDraftDto } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { withDraft } from './draft-cache';
import { durationText, outcomeText, timeoutText } from './timeout-text';

const at = (h: number, m: number, day = 28) => new Date(2026, 10, day, h, m, 0);
const draft = (over: Partial<ReplyDraftDto> = {}): ReplyDraftDto => ({
  id: 'd1',
  conv_id: 'c1',
  state: 'pending',
  parts: ['Oi!'],
  customer_text: 'Oi',
  due_at: at(14, 35).toISOString(),
  timeout_action: 'discard',
  edited: false,
  decided_by: null,
  error: null,
  created_at: at(14, 5).toISOString(),
  ...over,
});

describe('when a draft times out and what happens then', () => {
  it('says the time, how long is left and the action', () => {
    expect(timeoutText(draft(), at(14, 7))).toBe(
      'Se ninguém agir até 14:35 (em 28 min), a sugestão será descartada e nada será enviado.',
    );
    expect(timeoutText(draft({ timeout_action: 'send' }), at(14, 7))).toBe(
      'Se ninguém agir até 14:35 (em 28 min), a sugestão será enviada ao cliente.',
    );
  });

  it('past midnight says amanhã; at or after the due time says it is acting', () => {
    expect(timeoutText(draft({ due_at: at(1, 10, 29).toISOString() }), at(22, 0))).toBe(
      'Se ninguém agir até amanhã às 01:10 (em 3 h 10 min), a sugestão será descartada e nada será enviado.',
    );
    expect(timeoutText(draft({ timeout_action: 'send' }), at(14, 35))).toBe(
      'O prazo acabou: a sugestão está sendo enviada ao cliente.',
    );
    expect(timeoutText(draft(), at(15, 0))).toBe(
      'O prazo acabou: a sugestão está sendo descartada, nada será enviado.',
    );
  });

  it('durations in minutes and hours, to the nearest minute', () => {
    expect(durationText(20_000)).toBe('menos de 1 min');
    expect(durationText(61_000)).toBe('1 min');
    expect(durationText((44 * 60 + 50) * 1000)).toBe('45 min');
    expect(durationText(60 * 60_000)).toBe('1 h');
    expect(durationText(240 * 60_000)).toBe('4 h');
    expect(durationText(125 * 60_000)).toBe('2 h 5 min');
  });
});

describe("a draft's end, as the card says it", () => {
  it('names who acted', () => {
    expect(outcomeText(draft({ state: 'sent', decided_by: 'inbox' }))).toBe('Sugestão enviada.');
    expect(outcomeText(draft({ state: 'sent', decided_by: 'whatsapp', edited: true }))).toBe(
      'Sugestão editada enviada pelo WhatsApp.',
    );
    expect(outcomeText(draft({ state: 'discarded', decided_by: 'timeout' }))).toBe(
      'Sugestão descartada no fim do prazo: nada foi enviado.',
    );
    expect(outcomeText(draft({ state: 'failed', error: 'O número desta conversa não está mais conectado.' }))).toBe(
      'O número desta conversa não está mais conectado.',
    );
  });
});

describe('the conversation cache after a draft event', () => {
  const base: ConversationApprovalDto = { mode: null, agent_mode: true, effective: true, draft: null };
  it('a pending draft is shown; the shown draft’s end replaces it; an older draft’s news changes nothing', () => {
    const shown = withDraft(base, draft())!;
    expect(shown.draft?.id).toBe('d1');
    expect(withDraft(shown, draft({ state: 'sent' }))!.draft?.state).toBe('sent');
    const newer = withDraft(shown, draft({ id: 'd2' }))!;
    expect(withDraft(newer, draft({ id: 'd1', state: 'superseded' }))).toBe(newer);
    expect(withDraft(undefined, draft())).toBeUndefined();
  });
});
