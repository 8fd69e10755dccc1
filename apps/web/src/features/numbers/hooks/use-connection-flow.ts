import { useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@vendai/contracts';
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { numberKeys, usageKeys } from '@/lib/api/query-keys';
import { createNumber } from '../api/create-number';
import { expireNumber } from '../api/expire-number';
import { getNumberQr } from '../api/get-number-qr';
import { useNumberState } from '../api/get-number-state';
import { reconnectNumber } from '../api/reconnect-number';
import { readConnectRouteState, type ConnectRouteState, type NewNumberState } from '../lib/connect-route-state';
import {
  connectionReducer,
  describeFailure,
  initialConnectionState,
  remainingSeconds,
  type ConnectionEvent,
} from '../lib/connection-machine';

export type { ConnectPhase, FailureKind } from '../lib/connection-machine';

/** How often a shown QR is asked for again: the gateway draws a new one every ~45 s (docs/evolution-api-contract.md#22-get-instanceconnectname--200). */
const QR_REFRESH_MS = 15_000;
/** The countdown's clock reading. */
const TICK_MS = 250;

/**
 * Runs the connect screen (connection-machine.ts holds its rules): each effect below starts the
 * request or timer a state calls for and reports the outcome as an event. Leaving the screen clears
 * every timer; answers arriving after that change nothing.
 */
export function useConnectionFlow(route: ConnectRouteState) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(connectionReducer, route, (r) => initialConnectionState(r, Date.now()));
  const { phase } = state;

  const invalidateLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: numberKeys.all });
    void queryClient.invalidateQueries({ queryKey: usageKeys.all });
  }, [queryClient]);

  // An attempt: ask the existing number for a QR (reconnect, reload, retry) or create the number.
  const runAttempt = useEffectEvent(async () => {
    const send = (event: ConnectionEvent) => dispatch(event);
    const qrOrConnected = (numberId: string, qrCode: string | null) =>
      send(qrCode ? { type: 'qr-ready', numberId, qrCode, at: Date.now() } : { type: 'already-connected' });
    try {
      if (route.kind === 'missing') return;
      if (route.kind === 'reconnect') {
        const id = route.instance.id;
        if (state.firstQr) return qrOrConnected(id, state.firstQr);
        return qrOrConnected(id, (await reconnectNumber(id)).qrCode);
      }
      if (state.numberId) {
        // A reload, or 'Tentar Novamente' after a timeout that kept the number: ask for a new QR.
        const id = state.numberId;
        const result = await getNumberQr(id).catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        });
        if (result) return qrOrConnected(id, result.qrCode);
      }
      const created = await createNumber({ phone: route.phoneNumber, apelido: route.nickname });
      const id = created.number.id;
      send({ type: 'number-created', numberId: id });
      invalidateLists();
      qrOrConnected(id, created.qrCode ?? (await getNumberQr(id)).qrCode);
    } catch (err) {
      send({ type: 'start-failed', ...describeFailure(err) });
    }
  });
  // Each attempt runs once (StrictMode mounts effects twice in development: this remembers which ran).
  const launched = useRef(0);
  useEffect(() => {
    if (state.attempt === 0 || launched.current === state.attempt) return;
    launched.current = state.attempt;
    void runAttempt();
  }, [state.attempt]);

  // A new number's id goes into the history entry, so a reload resumes it instead of adding it again.
  const rememberNumber = useEffectEvent((numberId: string | null) => {
    if (route.kind !== 'new') return;
    const current = readConnectRouteState(location.state);
    if (current.kind === 'new' && (current.numberId ?? null) === numberId) return;
    const next: NewNumberState = {
      phoneNumber: route.phoneNumber,
      nickname: route.nickname,
      ...(numberId ? { numberId } : {}),
    };
    void navigate(location.pathname, { replace: true, state: next });
  });
  useEffect(() => rememberNumber(state.numberId), [state.numberId]);

  // Countdown: time is read from the clock, so a throttled background tab still expires on time.
  const waitingId = phase.name === 'waiting' ? phase.numberId : null;
  useEffect(() => {
    if (!waitingId) return;
    const tick = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS);
    return () => clearInterval(tick);
  }, [waitingId]);

  // State polled every 2 s while waiting.
  const stateQuery = useNumberState(waitingId, Boolean(waitingId));
  useEffect(() => {
    if (waitingId && stateQuery.data) dispatch({ type: 'state-polled', numberId: waitingId, state: stateQuery.data });
  }, [stateQuery.data, waitingId]);
  useEffect(() => {
    if (waitingId && stateQuery.error instanceof ApiError && stateQuery.error.status === 404)
      dispatch({ type: 'number-gone', numberId: waitingId });
  }, [stateQuery.error, waitingId]);

  // A fresh QR every 15 s while waiting: the gateway replaces its QR before the 90 s run out.
  useEffect(() => {
    if (!waitingId) return;
    const id = waitingId;
    const timer = setInterval(() => {
      getNumberQr(id)
        .then((result) => dispatch({ type: 'qr-refreshed', numberId: id, qrCode: result.qrCode }))
        .catch(() => {});
    }, QR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waitingId]);

  // Timeout: the server removes a number that never connected (or keeps it, or finds it connected).
  const expiringId = phase.name === 'expiring' ? phase.numberId : null;
  useEffect(() => {
    if (!expiringId) return;
    expireNumber(expiringId)
      .then(({ outcome }) => dispatch({ type: 'expire-finished', outcome }))
      .catch(() => dispatch({ type: 'expire-finished', outcome: 'unknown' }))
      .finally(invalidateLists);
  }, [expiringId, invalidateLists]);

  // The QR asked for again (after a failed <img>, or 'Gerar novo QR Code').
  const { qrRequest } = state;
  useEffect(() => {
    if (!qrRequest) return;
    const { seq, numberId } = qrRequest;
    getNumberQr(numberId)
      .then((result) => dispatch({ type: 'qr-request-done', seq, qrCode: result.qrCode, at: Date.now() }))
      .catch(() => dispatch({ type: 'qr-request-failed', seq }));
  }, [qrRequest]);

  // Connected: the lists change; to /dashboard after 2 s (docs/product/limits.md), only if the user is still here. A new
  // number's success step also offers whom the AI answers (decision 015): once the owner touches that
  // choice the screen stays until they pick; untouched, the 2 s redirect of the spec holds.
  const isConnected = phase.name === 'connected';
  const offersAudience = route.kind === 'new' && state.numberId !== null;
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!isConnected) return;
    invalidateLists();
    if (held) return;
    const timer = setTimeout(() => void navigate(paths.conversations.getHref()), TIMING.connectRedirectMs);
    return () => clearTimeout(timer);
  }, [isConnected, held, navigate, invalidateLists]);

  return {
    phase,
    /** Another phone scanned the QR code: the server cut that connection and says why. */
    problem: waitingId ? (stateQuery.data?.problem ?? null) : null,
    remaining: remainingSeconds(state),
    qrError: state.qrError,
    qrVersion: state.qrVersion,
    /** Connected a new number: the success step asks whom the AI answers on it. */
    audienceFor: offersAudience ? state.numberId : null,
    /** The owner is choosing: stay on the success step. */
    holdRedirect: useCallback(() => setHeld(true), []),
    /** 'Tentar Novamente': a new attempt with the same phone and nickname. */
    retry: useCallback(() => dispatch({ type: 'start' }), []),
    /** The QR <img> failed to load: asked for again once, then the error. */
    onQrImageError: useCallback(() => dispatch({ type: 'qr-image-failed' }), []),
    /** 'Gerar novo QR Code' under a QR that would not load: a new QR and a new countdown. */
    reloadQr: useCallback(() => dispatch({ type: 'reload-qr' }), []),
  };
}
