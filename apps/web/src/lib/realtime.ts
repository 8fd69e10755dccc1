import { createElement, createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMING, type RealtimeEvent } from '@vendai/contracts';
import { meQueryOptions } from './auth';

/**
 * The signed-in session's one WebSocket to /api/realtime (server: apps/server/src/realtime).
 *
 * - Reconnects by itself after a drop, waiting 1, 2, 5, 10 s, then 10 s between tries; the count
 *   starts over after a successful connection. Going back online retries at once.
 * - Heartbeat: every 25 s it sends {"event":"ping"}; no answer within 10 s (the realtime timeout)
 *   counts as a drop. Opening also times out after 10 s.
 * - `onEvent` handlers get every resource event ({event:'message.created', data}, …).
 * - `onReconnect` handlers run after every reconnection (not the first connection): events sent
 *   while the socket was down are lost, so the inbox refetches what it shows.
 * - Close code 4401 (signed out or session expired): it stops and calls `onUnauthenticated`.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';
export type RealtimeEventHandler = (event: RealtimeEvent) => void;

/** The bits of the browser's WebSocket this uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeConnectionOptions {
  /** Default: ws(s)://<this host>/api/realtime. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  reconnectDelaysMs?: readonly number[];
  heartbeatMs?: number;
  timeoutMs?: number;
  onUnauthenticated?: () => void;
  /** Browser events to react to (online); default: window. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export const CLOSE_UNAUTHENTICATED = 4401;
const OPEN = 1;

export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/realtime`;
}

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private readonly handlers = new Set<RealtimeEventHandler>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly statusHandlers = new Set<(status: RealtimeStatus) => void>();
  private attempt = 0;
  private everOpened = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private currentStatus: RealtimeStatus = 'idle';
  private readonly opts: Required<Omit<RealtimeConnectionOptions, 'url' | 'onUnauthenticated' | 'target'>> &
    Pick<RealtimeConnectionOptions, 'url' | 'onUnauthenticated' | 'target'>;

  constructor(options: RealtimeConnectionOptions = {}) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      reconnectDelaysMs: TIMING.realtimeReconnectDelaysMs,
      heartbeatMs: TIMING.realtimeHeartbeatMs,
      timeoutMs: TIMING.realtimeTimeoutMs,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.target()?.addEventListener('online', this.handleOnline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.target()?.removeEventListener('online', this.handleOnline);
    clearTimeout(this.retryTimer);
    this.dropSocket();
    this.setStatus('closed');
  }

  onEvent(handler: RealtimeEventHandler): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => void this.reconnectHandlers.delete(handler);
  }

  onStatus(handler: (status: RealtimeStatus) => void): () => void {
    this.statusHandlers.add(handler);
    return () => void this.statusHandlers.delete(handler);
  }

  private target() {
    if (this.opts.target !== undefined) return this.opts.target;
    return typeof window === 'undefined' ? null : window;
  }

  private readonly handleOnline = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  };

  private connect() {
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url ?? realtimeUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.openTimer = setTimeout(() => this.fail(socket), this.opts.timeoutMs);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      clearTimeout(this.openTimer);
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      this.heartbeatTimer = setInterval(() => this.ping(socket), this.opts.heartbeatMs);
      if (reconnected) for (const handler of [...this.reconnectHandlers]) safely(handler);
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      clearTimeout(this.answerTimer);
      if (typeof ev.data !== 'string') return;
      let msg: { event?: unknown };
      try {
        msg = JSON.parse(ev.data) as { event?: unknown };
      } catch {
        return;
      }
      if (typeof msg?.event !== 'string' || msg.event === 'hello' || msg.event === 'pong') return;
      for (const handler of [...this.handlers]) safely(() => handler(msg as RealtimeEvent));
    };
    socket.onerror = () => {
      // A close event follows; the retry is scheduled there.
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.dropSocket();
      if (ev.code === CLOSE_UNAUTHENTICATED) {
        this.stopped = true;
        this.setStatus('closed');
        this.opts.onUnauthenticated?.();
        return;
      }
      this.scheduleRetry();
    };
  }

  private ping(socket: SocketLike) {
    if (this.socket !== socket || socket.readyState !== OPEN) return;
    socket.send('{"event":"ping"}');
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => this.fail(socket), this.opts.timeoutMs);
  }

  /** Gives up on a socket that did not open or stopped answering, and tries again. */
  private fail(socket: SocketLike) {
    if (this.socket !== socket) return;
    this.dropSocket();
    this.scheduleRetry();
  }

  private dropSocket() {
    clearTimeout(this.openTimer);
    clearTimeout(this.answerTimer);
    clearInterval(this.heartbeatTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = null;
      socket.onclose = null;
      try {
        socket.close();
      } catch {
        /* already closed */
      }
    }
  }

  private scheduleRetry() {
    if (this.stopped) return;
    const delays = this.opts.reconnectDelaysMs;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 10_000;
    this.attempt += 1;
    this.setStatus('reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const handler of [...this.statusHandlers]) safely(() => handler(status));
  }
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    console.error(err);
  }
}

// ---------------------------------------------------------------------------------------------
// React

const RealtimeContext = createContext<RealtimeConnection | null>(null);

/**
 * Opens the session's connection while mounted (the signed-in layout mounts it once). Features
 * subscribe with useRealtimeEvent / useRealtimeReconnect; this stays feature-neutral.
 */
export function RealtimeProvider({ children, options }: { children: ReactNode; options?: RealtimeConnectionOptions }) {
  const queryClient = useQueryClient();
  const [connection] = useState(
    () =>
      new RealtimeConnection({
        // Signed out elsewhere or the session expired: the guards send the person to the login page.
        onUnauthenticated: () => void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
        ...options,
      }),
  );
  useEffect(() => {
    connection.start();
    return () => connection.stop();
  }, [connection]);
  return createElement(RealtimeContext.Provider, { value: connection }, children);
}

/** The connection (null outside the signed-in layout) and its status. */
export function useRealtime() {
  const connection = useContext(RealtimeContext);
  const [status, setStatus] = useState<RealtimeStatus>(connection?.status ?? 'idle');
  useEffect(() => {
    if (!connection) return;
    setStatus(connection.status);
    return connection.onStatus(setStatus);
  }, [connection]);
  return {
    status,
    onEvent: (handler: RealtimeEventHandler) => connection?.onEvent(handler) ?? (() => {}),
    onReconnect: (handler: () => void) => connection?.onReconnect(handler) ?? (() => {}),
  };
}

/** Calls `handler` for every realtime event while the component is mounted (latest handler wins). */
export function useRealtimeEvent(handler: RealtimeEventHandler) {
  const connection = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => connection?.onEvent((event) => latest.current(event)), [connection]);
}

/** Calls `handler` after each reconnection (refetch what the screen shows: events may have been missed). */
export function useRealtimeReconnect(handler: () => void) {
  const connection = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => connection?.onReconnect(() => latest.current()), [connection]);
}
