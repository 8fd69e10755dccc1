/**
 * The seam between the webhook receiver (modules/webhooks) and whoever processes gateway events
 * (the conversation engine, realtime). The receiver stores message events once in `gateway_events`
 * and applies connection changes to `numbers`; then it dispatches them here, after the database write and
 * after answering the gateway. A listener runs outside the request: its errors are logged, never
 * returned to the gateway.
 *
 * Durability: `gateway_events` rows are written before dispatching and keep `processed_at = null` until a
 * consumer sets it, so a consumer that was down (or a restart between store and dispatch) can pick up
 * unprocessed rows from the table (index gateway_events_pending_idx). Dispatching is a wake-up call,
 * not the only copy.
 *
 * Words: a *gateway event* (this file, table gateway_events) is what the WhatsApp gateway tells us; it
 * is *dispatched* to in-process listeners. A *realtime event* (contracts/realtime.ts) is what we tell a
 * user's browsers; it is *published* (realtime/realtime-hub.ts). See docs/glossary.md.
 */

export interface GatewayEventNumber {
  id: string;
  userId: string;
  instanceName: string;
}

/** A message-type event stored for the first time (replays of the same key are never dispatched). */
export interface StoredMessageEvent {
  kind: 'message';
  /** gateway_events.id */
  eventId: string;
  number: GatewayEventNumber;
  /** Dotted name as the gateway sends it: messages.upsert, send.message, messages.update, contacts.upsert. */
  event: string;
  eventKey: string;
  /** The envelope's `data`. */
  data: unknown;
  /** When the webhook arrived (gateway_events.received_at): quiet windows count from it, not from processing. */
  receivedAt?: Date;
}

/** numbers.status changed because of a connection.update (a replay that changes nothing is not dispatched). */
export interface ConnectionChangedEvent {
  kind: 'connection';
  number: GatewayEventNumber;
  state: 'open' | 'close' | 'refused';
  status: 'CONECTADO' | 'DESCONECTADO';
  /** The connected phone's JID on open (…@s.whatsapp.net). */
  wuid: string | null;
}

/** A new QR for a connecting instance (qrcode.updated); kept in memory only, see latestQr. */
export interface QrUpdatedEvent {
  kind: 'qrcode';
  number: GatewayEventNumber;
  /** data:image/png;base64,… or null when the gateway gave up (QR limit reached). */
  base64: string | null;
  code: string | null;
}

export type GatewayEvent = StoredMessageEvent | ConnectionChangedEvent | QrUpdatedEvent;
export type GatewayEventListener = (event: GatewayEvent) => void | Promise<void>;

export interface GatewayEventHub {
  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: GatewayEventListener): () => void;
  /** Called by the webhook receiver only. Never throws; resolves when every listener settled. */
  dispatch(event: GatewayEvent): Promise<void>;
  /** The newest QR a qrcode.updated brought for an instance (memory only, lost on restart), or null. */
  latestQr(instanceName: string): { base64: string | null; code: string | null; at: Date } | null;
}

export function createGatewayEventHub(log: { error: (obj: object, msg: string) => void }): GatewayEventHub {
  const listeners = new Set<GatewayEventListener>();
  const qrs = new Map<string, { base64: string | null; code: string | null; at: Date }>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispatch(event) {
      if (event.kind === 'qrcode')
        qrs.set(event.number.instanceName, { base64: event.base64, code: event.code, at: new Date() });
      if (event.kind === 'connection') qrs.delete(event.number.instanceName);
      await Promise.all(
        [...listeners].map(async (listener) => {
          try {
            await listener(event);
          } catch (err) {
            log.error({ err, event: event.kind, instance: event.number.instanceName }, 'gateway event listener failed');
          }
        }),
      );
    },
    latestQr(instanceName) {
      return qrs.get(instanceName) ?? null;
    },
  };
}
