import { describe, expect, it } from 'vitest';
import { readConnectRouteState } from './connect-route-state';

describe('estado da rota de conexão', () => {
  it('lê telefone e apelido de um número novo', () => {
    expect(readConnectRouteState({ phoneNumber: '+5511987654321', nickname: 'Loja' })).toEqual({
      kind: 'new',
      phoneNumber: '+5511987654321',
      nickname: 'Loja',
      numberId: undefined,
    });
  });

  it('lê a reconexão com QR e instância', () => {
    const instance = { id: 'n1', instance_name: 'vendai43211234', apelido: null, phone: '5511987654321' };
    expect(readConnectRouteState({ isReconnecting: true, qrCode: 'data:image/png;base64,AA', instance })).toEqual({
      kind: 'reconnect',
      qrCode: 'data:image/png;base64,AA',
      instance,
    });
  });

  it('sem telefone (ou sem estado) é "número não fornecido"', () => {
    expect(readConnectRouteState(null)).toEqual({ kind: 'missing' });
    expect(readConnectRouteState({})).toEqual({ kind: 'missing' });
    expect(readConnectRouteState({ phoneNumber: '   ', nickname: 'x' })).toEqual({ kind: 'missing' });
    expect(readConnectRouteState({ isReconnecting: true })).toEqual({ kind: 'missing' });
  });
});
