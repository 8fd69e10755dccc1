import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import type { RealtimeEvent } from '@vendai/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RealtimeConnection,
  RealtimeProvider,
  realtimeUrl,
  useRealtimeEvent,
  useRealtimeReconnect,
  type SocketLike,
} from './realtime';

/** A WebSocket stand-in the test drives: open it, feed it messages, drop it. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  sent: string[] = [];
  closedByClient = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
    this.serverSends({ event: 'hello' });
  }
  serverSends(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const event: RealtimeEvent = { event: 'conversation.deleted', data: { id: 'c1' } };

let sockets: FakeSocket[];
const createSocket = (url: string) => {
  const s = new FakeSocket(url);
  sockets.push(s);
  return s;
};
const last = () => sockets.at(-1)!;

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function connection(extra: ConstructorParameters<typeof RealtimeConnection>[0] = {}) {
  return new RealtimeConnection({ url: 'ws://app.test/api/realtime', createSocket, target: null, ...extra });
}

describe('RealtimeConnection', () => {
  it('builds the URL from the page address (wss on https)', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'app.vendai.com.br' })).toBe('wss://app.vendai.com.br/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/realtime');
  });

  it('hands resource events to every onEvent handler, but not hello/pong or garbage', () => {
    const c = connection();
    const a = vi.fn();
    const b = vi.fn();
    c.onEvent(a);
    const off = c.onEvent(b);
    c.start();
    last().serverOpens();
    expect(c.status).toBe('open');
    last().serverSends(event);
    last().serverSends({ event: 'pong' });
    last().onmessage?.({ data: 'não é json' });
    off();
    last().serverSends({ event: 'conversation.deleted', data: { id: 'c2' } });
    expect(a.mock.calls).toEqual([[event], [{ event: 'conversation.deleted', data: { id: 'c2' } }]]);
    expect(b.mock.calls).toEqual([[event]]);
    c.stop();
  });

  it('after a drop it retries after 1, 2, 5, 10, then 10 s, and starts over after a success', () => {
    const c = connection();
    c.start();
    expect(sockets).toHaveLength(1);
    last().serverOpens();
    last().serverCloses();
    expect(c.status).toBe('reconnecting');

    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      last().serverCloses(); // the try fails
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);

    // A try that works resets the sequence.
    vi.advanceTimersByTime(10_000);
    last().serverOpens();
    last().serverCloses();
    vi.advanceTimersByTime(999);
    const count = sockets.length;
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(count + 1);
    c.stop();
  });

  it('calls onReconnect after each reconnection, not after the first connection', () => {
    const c = connection();
    const reconnected = vi.fn();
    c.onReconnect(reconnected);
    c.start();
    last().serverOpens();
    expect(reconnected).not.toHaveBeenCalled();
    last().serverCloses(4409);
    vi.advanceTimersByTime(1_000);
    last().serverOpens();
    expect(reconnected).toHaveBeenCalledTimes(1);
    c.stop();
  });

  it('pings every 25 s; no answer within 10 s counts as a drop', () => {
    const c = connection();
    c.start();
    const first = last();
    first.serverOpens();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toEqual(['{"event":"ping"}']);
    first.serverSends({ event: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toHaveLength(2);
    vi.advanceTimersByTime(9_999);
    expect(first.closedByClient).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first.closedByClient).toBe(true);
    expect(c.status).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    c.stop();
  });

  it('gives up on a connection that does not open within 10 s and tries again', () => {
    const c = connection();
    c.start();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closedByClient).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    c.stop();
  });

  it('stops for good when the session ended (4401) and says so', () => {
    const onUnauthenticated = vi.fn();
    const c = connection({ onUnauthenticated });
    c.start();
    last().serverOpens();
    last().serverCloses(4401);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(c.status).toBe('closed');
  });

  it('stop() closes the socket and cancels a pending retry', () => {
    const c = connection();
    c.start();
    last().serverOpens();
    last().serverCloses();
    c.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    c.start();
    expect(sockets).toHaveLength(2);
    c.stop();
    expect(sockets[1]!.closedByClient).toBe(true);
  });

  it('going back online retries at once instead of waiting', () => {
    const target = new EventTarget();
    const c = connection({ target: target as unknown as Window });
    c.start();
    last().serverOpens();
    last().serverCloses();
    vi.advanceTimersByTime(900);
    expect(sockets).toHaveLength(1);
    target.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    c.stop();
  });
});

describe('RealtimeProvider', () => {
  function Probe({ onEvent, onReconnect }: { onEvent: (e: RealtimeEvent) => void; onReconnect: () => void }) {
    useRealtimeEvent(onEvent);
    useRealtimeReconnect(onReconnect);
    return null;
  }

  it('opens one connection while mounted, feeds the hooks, and closes it on unmount', () => {
    const onEvent = vi.fn();
    const onReconnect = vi.fn();
    const queryClient = new QueryClient();
    const wrap = (children: ReactNode) =>
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(RealtimeProvider, {
          options: { url: 'ws://app.test/api/realtime', createSocket, target: null },
          children,
        }),
      );
    const view = render(wrap(createElement(Probe, { onEvent, onReconnect })));
    expect(sockets).toHaveLength(1);
    act(() => {
      last().serverOpens();
      last().serverSends(event);
    });
    expect(onEvent).toHaveBeenCalledWith(event);
    act(() => {
      last().serverCloses();
      vi.advanceTimersByTime(1_000);
      last().serverOpens();
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(last().closedByClient).toBe(true);
  });

  it('hooks outside the provider do nothing (pages that are not signed-in)', () => {
    const onEvent = vi.fn();
    render(createElement(Probe, { onEvent, onReconnect: vi.fn() }));
    expect(sockets).toHaveLength(0);
  });
});
