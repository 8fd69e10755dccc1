import { describe, expect, it } from 'vitest';
import { buildHistory } from './history.ts';
import { CUSTOMER_TEXT_CUT, CUSTOMER_TEXT_MAX, cutCustomerText } from './customer-text.ts';

const msg = (direction: 'in' | 'out', content: string) => ({
  direction,
  messageType: 'text',
  content,
  mediaFilename: null,
  mediaDuration: null,
  status: direction === 'in' ? 'received' : 'sent',
});

describe('customer text given to the model', () => {
  it('keeps a text up to the limit as it is and cuts a longer one, saying so', () => {
    expect(cutCustomerText('Oi')).toBe('Oi');
    expect(cutCustomerText(null)).toBeNull();
    const exact = 'a'.repeat(CUSTOMER_TEXT_MAX);
    expect(cutCustomerText(exact)).toBe(exact);
    const cut = cutCustomerText('b'.repeat(CUSTOMER_TEXT_MAX + 1))!;
    expect(cut).toBe(`${'b'.repeat(CUSTOMER_TEXT_MAX)}${CUSTOMER_TEXT_CUT}`);
  });

  it("cuts the customer's messages in the history, never the AI's own", () => {
    const long = 'x'.repeat(CUSTOMER_TEXT_MAX * 3);
    const [user, assistant] = buildHistory([msg('out', long), msg('in', long)]);
    expect(user).toEqual({ role: 'user', content: `${'x'.repeat(CUSTOMER_TEXT_MAX)}${CUSTOMER_TEXT_CUT}` });
    expect(assistant!.content).toBe(long);
  });
});
