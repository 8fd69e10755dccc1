import type { MessageDto, RealtimeEvent } from '@vendai/contracts';

/** A valid message.created event with fresh ids, for realtime tests and the realtime benchmark. */
export function sampleMessageEvent(content: string, overrides: Partial<MessageDto> = {}): RealtimeEvent {
  return {
    event: 'message.created',
    data: {
      id: crypto.randomUUID(),
      convId: crypto.randomUUID(),
      direction: 'in',
      content,
      fromMe: false,
      author: 'contact',
      messageType: 'text',
      status: 'received',
      error: null,
      createdAt: new Date().toISOString(),
      media: null,
      ...overrides,
    },
  };
}
