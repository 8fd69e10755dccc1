import { useQueryClient } from '@tanstack/react-query';
import { PHONE_IN_USE_TEXT, QR_LOAD_FAILED, TIMING, UNEXPECTED_ERROR, type ExpireResult } from '@vendai/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';
import { createNumber } from '../api/create-number';
import { expireNumber } from '../api/expire-number';
import { numbersQueryOptions } from '../api/get-numbers';
import { getNumberQr } from '../api/get-number-qr';
import { useNumberState } from '../api/get-number-state';
import { reconnectNumber } from '../api/reconnect-number';
import type { ConnectRouteState, NewNumberState } from '../lib/connect-route-state';
import { COUNTDOWN_SECONDS, secondsLeft } from '../lib/countdown';

/** How often a shown QR is asked for again: the gateway draws a new one every ~45 s (contract §2.2). */
const QR_REFRESH_MS = 15_000;

export type FailureKind = 'in-use' | 'limit' | 'other';

/**
 * The connection states of part 1 §4: connecting (the instance is being created, or the QR asked
 * for), waiting (QR shown, countdown running, state polled every 2 s), connected (then /dashboard
 * after 2 s if still here), expired (the timeout modal). 'missing' is the screen opened without a phone.
 */
export type ConnectPhase =
  | { name: 'missing' }
  | { name: 'connecting' }
  | { name: 'waiting'; numberId: string; qrCode: string; deadline: number }
  | { name: 'connected' }
  | { name: 'expiring'; numberId: string }
  | { name: 'expired'; outcome: ExpireResult['outcome'] | 'unknown' }
  | { name: 'failed'; kind: FailureKind; message: string };

export function useConnectionFlow(route: ConnectRouteState) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ConnectPhase>(route.kind === 'missing' ? { name: 'missing' } : { name: 'connecting' });
  const [now, setNow] = useState(() => Date.now());
  const [qrError, setQrError] = useState<string | null>(null);
  /** Bumped to remount the <img> when the QR is reloaded after a failed load. */
  const [qrVersion, setQrVersion] = useState(0);

  const alive = useRef(true);
  const started = useRef(false);
  const numberId = useRef<string | null>(route.kind === 'new' ? (route.numberId ?? null) : route.kind === 'reconnect' ? route.instance.id : null);
  const qrReloaded = useRef(false);
  const firstQr = useRef(route.kind === 'reconnect' ? route.qrCode : null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const invalidateLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: numbersQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
  }, [queryClient]);

  const showQr = useCallback((id: string, qrCode: string) => {
    if (!alive.current) return;
    qrReloaded.current = false;
    setQrError(null);
    const start = Date.now();
    setNow(start);
    setPhase({ name: 'waiting', numberId: id, qrCode, deadline: start + COUNTDOWN_SECONDS * 1000 });
  }, []);

  const markConnected = useCallback(() => {
    if (!alive.current) return;
    setPhase({ name: 'connected' });
    invalidateLists();
  }, [invalidateLists]);

  /** Remembers the new number's id in the history entry, so a reload resumes it instead of adding it again. */
  const rememberNumber = useCallback(
    (id: string | null) => {
      if (route.kind !== 'new') return;
      const state: NewNumberState = { phoneNumber: route.phoneNumber, nickname: route.nickname, ...(id ? { numberId: id } : {}) };
      void navigate(location.pathname, { replace: true, state });
    },
    [navigate, location.pathname, route],
  );

  const start = useCallback(async () => {
    if (route.kind === 'missing') return;
    setPhase({ name: 'connecting' });
    setQrError(null);
    try {
      if (route.kind === 'reconnect') {
        const id = route.instance.id;
        const first = firstQr.current;
        firstQr.current = null;
        if (first) return showQr(id, first);
        const result = await reconnectNumber(id);
        return result.qrCode ? showQr(id, result.qrCode) : markConnected();
      }

      let id = numberId.current;
      if (id) {
        // A reload, or 'Tentar Novamente' after a timeout that kept the number: ask for a new QR.
        const result = await getNumberQr(id).catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        });
        if (result) return result.qrCode ? showQr(id, result.qrCode) : markConnected();
        id = null;
      }
      const created = await createNumber({ phone: route.phoneNumber, apelido: route.nickname });
      id = created.number.id;
      numberId.current = id;
      invalidateLists();
      if (alive.current) rememberNumber(id);
      const qrCode = created.qrCode ?? (await getNumberQr(id)).qrCode;
      return qrCode ? showQr(id, qrCode) : markConnected();
    } catch (err) {
      if (!alive.current) return;
      setPhase({ name: 'failed', ...describeFailure(err) });
    }
  }, [route, showQr, markConnected, invalidateLists, rememberNumber]);

  // Connecting starts once on arrival (the user already clicked 'Conectar' in the phone dialog).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  // Countdown: time is read from the clock, so a throttled background tab still expires on time.
  const waiting = phase.name === 'waiting' ? phase : null;
  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [waiting]);
  const remaining = waiting ? secondsLeft(waiting.deadline, now) : 0;

  // State polled every 2 s while waiting.
  const stateQuery = useNumberState(waiting?.numberId ?? null, Boolean(waiting));
  useEffect(() => {
    const data = stateQuery.data;
    if (!waiting || !data) return;
    if (data.state === 'open' || data.status === 'CONECTADO') markConnected();
  }, [stateQuery.data, waiting, markConnected]);
  useEffect(() => {
    if (!waiting || !(stateQuery.error instanceof ApiError) || stateQuery.error.status !== 404) return;
    setPhase({ name: 'failed', kind: 'other', message: 'Este número foi removido. Adicione-o novamente na lista de WhatsApp’s.' });
  }, [stateQuery.error, waiting]);

  // A fresh QR every 15 s while waiting: the gateway replaces its QR before the 90 s run out.
  const waitingId = waiting?.numberId ?? null;
  useEffect(() => {
    if (!waitingId) return;
    const id = waitingId;
    const timer = setInterval(() => {
      getNumberQr(id)
        .then((result) => {
          if (!alive.current) return;
          if (!result.qrCode) return markConnected();
          setPhase((p) => (p.name === 'waiting' && p.numberId === id && p.qrCode !== result.qrCode ? { ...p, qrCode: result.qrCode! } : p));
        })
        .catch(() => {});
    }, QR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waitingId, markConnected]);

  // Timeout: the server removes a number that never connected; the modal says so.
  useEffect(() => {
    if (!waiting || remaining > 0) return;
    const id = waiting.numberId;
    setPhase({ name: 'expiring', numberId: id });
    expireNumber(id)
      .then(({ outcome }) => {
        if (!alive.current) return;
        if (outcome === 'connected') return markConnected();
        if (outcome === 'removed') {
          numberId.current = null;
          rememberNumber(null);
        }
        setPhase({ name: 'expired', outcome });
      })
      .catch(() => alive.current && setPhase({ name: 'expired', outcome: 'unknown' }))
      .finally(invalidateLists);
  }, [waiting, remaining, markConnected, rememberNumber, invalidateLists]);

  // Connected: to /dashboard after 2 s, only if the user is still here (unmount clears the timer).
  useEffect(() => {
    if (phase.name !== 'connected') return;
    const timer = setTimeout(() => void navigate(paths.dashboard.getHref()), TIMING.connectRedirectMs);
    return () => clearTimeout(timer);
  }, [phase.name, navigate]);

  /** The QR <img> failed to load: ask for it again once, then show the error. */
  const onQrImageError = useCallback(() => {
    if (!waiting) return;
    if (qrReloaded.current) {
      setQrError(QR_LOAD_FAILED);
      return;
    }
    qrReloaded.current = true;
    const id = waiting.numberId;
    getNumberQr(id)
      .then((result) => {
        if (!alive.current) return;
        if (!result.qrCode) return markConnected();
        setPhase((p) => (p.name === 'waiting' && p.numberId === id ? { ...p, qrCode: result.qrCode! } : p));
        setQrVersion((v) => v + 1);
      })
      .catch(() => alive.current && setQrError(QR_LOAD_FAILED));
  }, [waiting, markConnected]);

  /** 'Tente novamente' under a QR that would not load: a new QR and a new countdown. */
  const reloadQr = useCallback(() => {
    if (!waiting) return;
    const id = waiting.numberId;
    setQrError(null);
    getNumberQr(id)
      .then((result) => (result.qrCode ? showQr(id, result.qrCode) : markConnected()))
      .then(() => setQrVersion((v) => v + 1))
      .catch(() => alive.current && setQrError(QR_LOAD_FAILED));
  }, [waiting, showQr, markConnected]);

  return { phase, remaining, qrError, qrVersion, retry: start, onQrImageError, reloadQr };
}

function describeFailure(err: unknown): { kind: FailureKind; message: string } {
  if (err instanceof ApiError) {
    if (err.status === 409 && err.code === 'CONFLICT' && err.fields.phone) return { kind: 'in-use', message: PHONE_IN_USE_TEXT };
    if (err.status === 403) return { kind: 'limit', message: err.message };
    return { kind: 'other', message: err.message };
  }
  return { kind: 'other', message: UNEXPECTED_ERROR };
}
