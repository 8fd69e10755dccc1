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

/**
 * A fence for "nothing more was sent": publish `event` after the action under test and wait until it
 * arrives. Events reach a user's listeners and sockets in publish order (one NOTIFY stream, read by one
 * connection per process), so once the fence is there, whatever was published before it is there too,
 * and a count taken then is final — no sleep needed.
 */
export function realtimeFence(): { event: RealtimeEvent; is: (m: { data?: unknown }) => boolean } {
  const content = `cerca ${crypto.randomUUID()}`;
  return {
    event: sampleMessageEvent(content),
    is: (m) => (m.data as { content?: unknown } | undefined)?.content === content,
  };
}
