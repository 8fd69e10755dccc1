import {
  PHONE_IN_USE_TEXT,
  QR_LOAD_FAILED,
  UNEXPECTED_ERROR,
  type ExpireResult,
  type NumberState,
} from '@vendai/contracts';
import { ApiError } from '@/lib/api-client';
import type { ConnectRouteState } from './connect-route-state';
import { COUNTDOWN_SECONDS, secondsLeft } from './countdown';

/**
 * The connect screen's rules as a pure state machine (docs/product/rules.md#states-and-transitions, docs/product/limits.md); use-connection-flow.ts runs
 * the requests and timers and feeds their outcomes back in as events. Late answers (a QR for an
 * earlier request, a poll after the timeout) are recognised and ignored here.
 */

export type FailureKind = 'in-use' | 'limit' | 'other';

/**
 * connecting (the instance is being created, or the QR asked for), waiting (QR shown, countdown
 * running, state polled every 2 s), connected (then /dashboard after 2 s if still here), expiring →
 * expired (the timeout modal). 'missing' is the screen opened without a phone.
 */
export type ConnectPhase =
  | { name: 'missing' }
  | { name: 'connecting' }
  | { name: 'waiting'; numberId: string; qrCode: string; deadline: number }
  | { name: 'connected' }
  | { name: 'expiring'; numberId: string }
  | { name: 'expired'; outcome: ExpireResult['outcome'] | 'unknown' }
  | { name: 'failed'; kind: FailureKind; message: string };

/** A QR the screen asked for: after the <img> failed to load ('image'), or 'Gerar novo QR Code' ('manual'). */
export interface QrRequest {
  seq: number;
  numberId: string;
  reason: 'image' | 'manual';
}

export interface ConnectionState {
  phase: ConnectPhase;
  /** Clock reading of the last tick (ms epoch): the countdown is read from the clock. */
  now: number;
  /** The number being connected, once known: a reload or 'Tentar Novamente' asks it for a new QR. */
  numberId: string | null;
  /** Reconnect: the QR the reconnect dialog already got, shown once without asking again. */
  firstQr: string | null;
  /** Each start (arrival, 'Tentar Novamente') is a numbered attempt. */
  attempt: number;
  qrError: string | null;
  /** The <img> already failed once for this QR and it was asked for again. */
  qrReloaded: boolean;
  /** Bumped to remount the <img> when the QR is reloaded after a failed load. */
  qrVersion: number;
  qrRequest: QrRequest | null;
  qrRequestSeq: number;
}

export type ConnectionEvent =
  | { type: 'start' }
  | { type: 'number-created'; numberId: string }
  | { type: 'qr-ready'; numberId: string; qrCode: string; at: number }
  | { type: 'already-connected' }
  | { type: 'start-failed'; kind: FailureKind; message: string }
  | { type: 'tick'; now: number }
  | { type: 'state-polled'; numberId: string; state: NumberState }
  | { type: 'number-gone'; numberId: string }
  | { type: 'qr-refreshed'; numberId: string; qrCode: string | null }
  | { type: 'expire-finished'; outcome: ExpireResult['outcome'] | 'unknown' }
  | { type: 'qr-image-failed' }
  | { type: 'reload-qr' }
  | { type: 'qr-request-done'; seq: number; qrCode: string | null; at: number }
  | { type: 'qr-request-failed'; seq: number };

export const NUMBER_REMOVED_MESSAGE = 'Este número foi removido. Adicione-o novamente na lista de WhatsApp’s.';

export function initialConnectionState(route: ConnectRouteState, now: number): ConnectionState {
  return {
    phase: route.kind === 'missing' ? { name: 'missing' } : { name: 'connecting' },
    now,
    numberId: route.kind === 'new' ? (route.numberId ?? null) : route.kind === 'reconnect' ? route.instance.id : null,
    firstQr: route.kind === 'reconnect' ? route.qrCode : null,
    // Connecting starts once on arrival (the user already clicked 'Conectar' in the phone dialog).
    attempt: route.kind === 'missing' ? 0 : 1,
    qrError: null,
    qrReloaded: false,
    qrVersion: 0,
    qrRequest: null,
    qrRequestSeq: 0,
  };
}

/** The QR is on screen with a fresh 90 s countdown. */
function showQr(state: ConnectionState, numberId: string, qrCode: string, at: number): ConnectionState {
  return {
    ...state,
    phase: { name: 'waiting', numberId, qrCode, deadline: at + COUNTDOWN_SECONDS * 1000 },
    now: at,
    numberId,
    firstQr: null,
    qrError: null,
    qrReloaded: false,
    qrRequest: null,
  };
}

const connected = (state: ConnectionState): ConnectionState => ({
  ...state,
  phase: { name: 'connected' },
  qrRequest: null,
});

const waitingFor = (state: ConnectionState, numberId: string) =>
  state.phase.name === 'waiting' && state.phase.numberId === numberId;

export function connectionReducer(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  const { phase } = state;
  switch (event.type) {
    case 'start':
      if (phase.name === 'missing') return state;
      return { ...state, phase: { name: 'connecting' }, attempt: state.attempt + 1, qrError: null, qrRequest: null };
    case 'number-created':
      return { ...state, numberId: event.numberId };
    case 'qr-ready':
      return phase.name === 'connecting' ? showQr(state, event.numberId, event.qrCode, event.at) : state;
    case 'already-connected':
      return phase.name === 'connecting' ? connected(state) : state;
    case 'start-failed':
      return phase.name === 'connecting'
        ? { ...state, phase: { name: 'failed', kind: event.kind, message: event.message } }
        : state;
    case 'tick': {
      if (phase.name !== 'waiting') return { ...state, now: event.now };
      // Timeout: the number that never connected is removed by the server; the modal says so.
      if (secondsLeft(phase.deadline, event.now) <= 0)
        return { ...state, now: event.now, phase: { name: 'expiring', numberId: phase.numberId }, qrRequest: null };
      return { ...state, now: event.now };
    }
    case 'state-polled':
      if (!waitingFor(state, event.numberId)) return state;
      return event.state.state === 'open' || event.state.status === 'CONECTADO' ? connected(state) : state;
    case 'number-gone':
      return waitingFor(state, event.numberId)
        ? { ...state, phase: { name: 'failed', kind: 'other', message: NUMBER_REMOVED_MESSAGE } }
        : state;
    case 'qr-refreshed':
      if (phase.name !== 'waiting' || phase.numberId !== event.numberId) return state;
      if (!event.qrCode) return connected(state);
      return phase.qrCode === event.qrCode ? state : { ...state, phase: { ...phase, qrCode: event.qrCode } };
    case 'expire-finished':
      if (phase.name !== 'expiring') return state;
      if (event.outcome === 'connected') return connected(state);
      return {
        ...state,
        phase: { name: 'expired', outcome: event.outcome },
        numberId: event.outcome === 'removed' ? null : state.numberId,
      };
    case 'qr-image-failed': {
      if (phase.name !== 'waiting') return state;
      // Asked for again once; a second failure shows the error.
      if (state.qrReloaded) return { ...state, qrError: QR_LOAD_FAILED };
      const seq = state.qrRequestSeq + 1;
      return {
        ...state,
        qrReloaded: true,
        qrRequestSeq: seq,
        qrRequest: { seq, numberId: phase.numberId, reason: 'image' },
      };
    }
    case 'reload-qr': {
      if (phase.name !== 'waiting') return state;
      const seq = state.qrRequestSeq + 1;
      return {
        ...state,
        qrError: null,
        qrRequestSeq: seq,
        qrRequest: { seq, numberId: phase.numberId, reason: 'manual' },
      };
    }
    case 'qr-request-done': {
      const request = state.qrRequest;
      if (!request || request.seq !== event.seq || !waitingFor(state, request.numberId) || phase.name !== 'waiting')
        return state;
      if (!event.qrCode) return connected(state);
      // 'Gerar novo QR Code': a new QR and a new countdown; after a failed <img>: the same countdown.
      if (request.reason === 'manual')
        return { ...showQr(state, request.numberId, event.qrCode, event.at), qrVersion: state.qrVersion + 1 };
      return { ...state, phase: { ...phase, qrCode: event.qrCode }, qrVersion: state.qrVersion + 1, qrRequest: null };
    }
    case 'qr-request-failed':
      if (!state.qrRequest || state.qrRequest.seq !== event.seq) return state;
      return { ...state, qrError: QR_LOAD_FAILED, qrRequest: null };
  }
}

/** Seconds left on the countdown (0 outside 'waiting'). */
export const remainingSeconds = (state: ConnectionState) =>
  state.phase.name === 'waiting' ? secondsLeft(state.phase.deadline, state.now) : 0;

/** What a failed start shows: the number is in use elsewhere, the plan's limit, or the error's message. */
export function describeFailure(err: unknown): { kind: FailureKind; message: string } {
  if (err instanceof ApiError) {
    if (err.status === 409 && err.code === 'CONFLICT' && err.fields.phone)
      return { kind: 'in-use', message: PHONE_IN_USE_TEXT };
    if (err.status === 403) return { kind: 'limit', message: err.message };
    return { kind: 'other', message: err.message };
  }
  return { kind: 'other', message: UNEXPECTED_ERROR };
}
