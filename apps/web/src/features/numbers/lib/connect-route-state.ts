/**
 * What the connect screen receives in the route state (docs/product/screens.md): a new number's phoneNumber and
 * nickname, or, when reconnecting, isReconnecting with the first qrCode and the instance. `numberId`
 * is added once the new number exists, so a reload resumes it instead of adding it again.
 */
export interface ConnectInstance {
  id: string;
  instance_name: string;
  apelido: string | null;
  phone: string;
}

export type ConnectRouteState =
  | { kind: 'new'; phoneNumber: string; nickname: string; numberId?: string }
  | { kind: 'reconnect'; qrCode: string | null; instance: ConnectInstance }
  | { kind: 'missing' };

export interface NewNumberState {
  phoneNumber: string;
  nickname: string;
  numberId?: string;
}

export interface ReconnectState {
  isReconnecting: true;
  qrCode: string | null;
  instance: ConnectInstance;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';

export function readConnectRouteState(state: unknown): ConnectRouteState {
  if (!isObject(state)) return { kind: 'missing' };
  if (
    state.isReconnecting === true &&
    isObject(state.instance) &&
    isString(state.instance.id) &&
    isString(state.instance.instance_name)
  ) {
    const i = state.instance;
    return {
      kind: 'reconnect',
      qrCode: isString(state.qrCode) && state.qrCode ? state.qrCode : null,
      instance: {
        id: i.id as string,
        instance_name: i.instance_name as string,
        apelido: isString(i.apelido) ? i.apelido : null,
        phone: isString(i.phone) ? i.phone : '',
      },
    };
  }
  if (isString(state.phoneNumber) && state.phoneNumber.trim()) {
    return {
      kind: 'new',
      phoneNumber: state.phoneNumber,
      nickname: isString(state.nickname) ? state.nickname : '',
      numberId: isString(state.numberId) ? state.numberId : undefined,
    };
  }
  return { kind: 'missing' };
}
