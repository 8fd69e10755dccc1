import { PHONE_IN_USE_TEXT, QR_LOAD_FAILED, UNEXPECTED_ERROR } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ConnectRouteState } from './connect-route-state';
import {
  connectionReducer,
  describeFailure,
  initialConnectionState,
  NUMBER_REMOVED_MESSAGE,
  remainingSeconds,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-machine';

const T0 = 1_800_000_000_000;
const ID = 'num-1';
const newRoute: ConnectRouteState = { kind: 'new', phoneNumber: '+5511987654321', nickname: 'Loja Centro' };
const run = (state: ConnectionState, ...events: ConnectionEvent[]) => events.reduce(connectionReducer, state);
/** A new number created and its QR on screen at T0. */
const waiting = () =>
  run(
    initialConnectionState(newRoute, T0),
    { type: 'number-created', numberId: ID },
    { type: 'qr-ready', numberId: ID, qrCode: 'QR1', at: T0 },
  );

describe('máquina de estados da tela de conexão', () => {
  it('começa conectando (tentativa 1) com um número; sem número fica em missing e não tenta nada', () => {
    const s = initialConnectionState(newRoute, T0);
    expect(s.phase).toEqual({ name: 'connecting' });
    expect(s.attempt).toBe(1);
    const missing = initialConnectionState({ kind: 'missing' }, T0);
    expect(missing.phase).toEqual({ name: 'missing' });
    expect(missing.attempt).toBe(0);
    expect(connectionReducer(missing, { type: 'start' })).toBe(missing);
  });

  it('reconexão: lembra o número e o primeiro QR (usado uma vez); um recarregamento retoma o número criado', () => {
    const s = initialConnectionState(
      { kind: 'reconnect', qrCode: 'QR0', instance: { id: 'n9', instance_name: 'vendai1', apelido: null, phone: '' } },
      T0,
    );
    expect(s).toMatchObject({ numberId: 'n9', firstQr: 'QR0' });
    expect(run(s, { type: 'qr-ready', numberId: 'n9', qrCode: 'QR0', at: T0 }).firstQr).toBeNull();
    expect(initialConnectionState({ ...newRoute, numberId: 'n5' } as ConnectRouteState, T0).numberId).toBe('n5');
  });

  it('QR pronto: aguardando com 90 s de contagem, que corre pelo relógio', () => {
    const s = waiting();
    expect(s.phase).toEqual({ name: 'waiting', numberId: ID, qrCode: 'QR1', deadline: T0 + 90_000 });
    expect(remainingSeconds(s)).toBe(90);
    expect(remainingSeconds(run(s, { type: 'tick', now: T0 + 30_500 }))).toBe(60);
  });

  it('aos 90 s expira: expiring → expired; removido esquece o número, mantido o guarda, conectado conecta', () => {
    const almost = run(waiting(), { type: 'tick', now: T0 + 89_001 });
    expect(almost.phase.name).toBe('waiting');
    const expiring = run(almost, { type: 'tick', now: T0 + 90_000 });
    expect(expiring.phase).toEqual({ name: 'expiring', numberId: ID });
    const removed = run(expiring, { type: 'expire-finished', outcome: 'removed' });
    expect(removed.phase).toEqual({ name: 'expired', outcome: 'removed' });
    expect(removed.numberId).toBeNull();
    expect(run(expiring, { type: 'expire-finished', outcome: 'kept' })).toMatchObject({
      phase: { name: 'expired', outcome: 'kept' },
      numberId: ID,
    });
    expect(run(expiring, { type: 'expire-finished', outcome: 'unknown' }).phase).toEqual({
      name: 'expired',
      outcome: 'unknown',
    });
    expect(run(expiring, { type: 'expire-finished', outcome: 'connected' }).phase).toEqual({ name: 'connected' });
    // A poll answered after the timeout changes nothing.
    expect(run(expiring, { type: 'state-polled', numberId: ID, state: { state: 'open', status: 'CONECTADO' } })).toBe(
      expiring,
    );
  });

  it("'Tentar Novamente' depois de expirar: nova tentativa, conectando de novo, nova contagem", () => {
    const expired = run(waiting(), { type: 'tick', now: T0 + 90_000 }, { type: 'expire-finished', outcome: 'removed' });
    const again = run(expired, { type: 'start' });
    expect(again).toMatchObject({ phase: { name: 'connecting' }, attempt: 2 });
    const shown = run(
      again,
      { type: 'number-created', numberId: 'num-2' },
      { type: 'qr-ready', numberId: 'num-2', qrCode: 'QR9', at: T0 + 100_000 },
    );
    expect(remainingSeconds(shown)).toBe(90);
    expect(shown.numberId).toBe('num-2');
  });

  it('a consulta de estado (a cada 2 s) conecta com open ou CONECTADO; 404 diz que o número foi removido', () => {
    const s = waiting();
    expect(run(s, { type: 'state-polled', numberId: ID, state: { state: 'connecting', status: 'DESCONECTADO' } })).toBe(
      s,
    );
    expect(
      run(s, { type: 'state-polled', numberId: ID, state: { state: 'open', status: 'DESCONECTADO' } }).phase,
    ).toEqual({ name: 'connected' });
    expect(
      run(s, { type: 'state-polled', numberId: ID, state: { state: 'close', status: 'CONECTADO' } }).phase,
    ).toEqual({ name: 'connected' });
    expect(run(s, { type: 'state-polled', numberId: 'outro', state: { state: 'open', status: 'CONECTADO' } })).toBe(s);
    expect(run(s, { type: 'number-gone', numberId: ID }).phase).toEqual({
      name: 'failed',
      kind: 'other',
      message: NUMBER_REMOVED_MESSAGE,
    });
  });

  it('a cada 15 s o QR novo substitui o anterior sem reiniciar a contagem; sem QR quer dizer conectado', () => {
    const s = run(waiting(), { type: 'tick', now: T0 + 15_000 });
    const refreshed = run(s, { type: 'qr-refreshed', numberId: ID, qrCode: 'QR2' });
    expect(refreshed.phase).toMatchObject({ name: 'waiting', qrCode: 'QR2', deadline: T0 + 90_000 });
    expect(run(s, { type: 'qr-refreshed', numberId: ID, qrCode: 'QR1' })).toBe(s);
    expect(run(s, { type: 'qr-refreshed', numberId: 'outro', qrCode: 'QR2' })).toBe(s);
    expect(run(s, { type: 'qr-refreshed', numberId: ID, qrCode: null }).phase).toEqual({ name: 'connected' });
  });

  it('a imagem do QR falha: pede de novo uma vez (mesma contagem, <img> remontada); na segunda falha mostra o erro', () => {
    const s = run(waiting(), { type: 'tick', now: T0 + 10_000 });
    const asked = run(s, { type: 'qr-image-failed' });
    expect(asked.qrRequest).toEqual({ seq: 1, numberId: ID, reason: 'image' });
    const reloaded = run(asked, { type: 'qr-request-done', seq: 1, qrCode: 'QR2', at: T0 + 11_000 });
    expect(reloaded.phase).toMatchObject({ qrCode: 'QR2', deadline: T0 + 90_000 });
    expect(reloaded).toMatchObject({ qrVersion: 1, qrRequest: null, qrError: null });
    const failedAgain = run(reloaded, { type: 'qr-image-failed' });
    expect(failedAgain).toMatchObject({ qrError: QR_LOAD_FAILED, qrRequest: null });
    // The request itself failing also shows the error.
    expect(run(asked, { type: 'qr-request-failed', seq: 1 })).toMatchObject({
      qrError: QR_LOAD_FAILED,
      qrRequest: null,
    });
  });

  it("'Gerar novo QR Code': novo QR e nova contagem; uma resposta de um pedido anterior é ignorada", () => {
    const s = run(
      waiting(),
      { type: 'tick', now: T0 + 40_000 },
      { type: 'qr-image-failed' },
      { type: 'qr-request-failed', seq: 1 },
    );
    const asked = run(s, { type: 'reload-qr' });
    expect(asked).toMatchObject({ qrError: null, qrRequest: { seq: 2, reason: 'manual' } });
    expect(run(asked, { type: 'qr-request-done', seq: 1, qrCode: 'VELHO', at: T0 })).toBe(asked);
    const shown = run(asked, { type: 'qr-request-done', seq: 2, qrCode: 'QR3', at: T0 + 41_000 });
    expect(shown.phase).toEqual({ name: 'waiting', numberId: ID, qrCode: 'QR3', deadline: T0 + 131_000 });
    expect(shown).toMatchObject({ qrVersion: 1, qrReloaded: false });
    expect(run(asked, { type: 'qr-request-done', seq: 2, qrCode: null, at: T0 }).phase).toEqual({ name: 'connected' });
  });

  it('uma tentativa que falha mostra o motivo; conectado direto (sem QR) também vale', () => {
    const s = initialConnectionState(newRoute, T0);
    expect(run(s, { type: 'start-failed', kind: 'limit', message: 'Limite' }).phase).toEqual({
      name: 'failed',
      kind: 'limit',
      message: 'Limite',
    });
    expect(run(s, { type: 'already-connected' }).phase).toEqual({ name: 'connected' });
    // Outcomes of an attempt mean nothing once the screen moved on.
    const connected = run(s, { type: 'already-connected' });
    expect(run(connected, { type: 'start-failed', kind: 'other', message: 'x' })).toBe(connected);
    expect(run(connected, { type: 'qr-ready', numberId: ID, qrCode: 'QR', at: T0 })).toBe(connected);
  });

  it('describeFailure: número em uso (409 com campo phone), limite do plano (403), outros erros e o inesperado', () => {
    expect(describeFailure(new ApiError(409, 'CONFLICT', 'Número já em uso', { phone: 'em uso' }))).toEqual({
      kind: 'in-use',
      message: PHONE_IN_USE_TEXT,
    });
    expect(describeFailure(new ApiError(403, 'LIMIT', 'Limite do plano atingido.'))).toEqual({
      kind: 'limit',
      message: 'Limite do plano atingido.',
    });
    expect(describeFailure(new ApiError(502, 'GATEWAY', 'Erro na Evolution API'))).toEqual({
      kind: 'other',
      message: 'Erro na Evolution API',
    });
    expect(describeFailure(new Error('boom'))).toEqual({ kind: 'other', message: UNEXPECTED_ERROR });
  });
});
