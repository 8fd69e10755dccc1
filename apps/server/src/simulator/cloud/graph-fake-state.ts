import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What the simulator's Graph-compatible fake knows (docs/decisions/036-cloud-signup-window-pacing.md). Codes, tokens
 * and ids are derived and signed with a key from AUTH_SECRET, so they outlive a restart: a number
 * connected yesterday still sends today. Messages, media, quality changes, registrations and injected
 * errors live in this process's memory (a test tool: a restart forgets the simulated chats, never the app's
 * own data). A number must be registered (POST /{id}/register with its two-step PIN) before it sends, as
 * with Meta (docs/decisions/053-cloud-registration-window-standby.md); a number known only from its derived
 * id after a restart counts as registered, with no PIN known.
 */

export type Quality = 'GREEN' | 'YELLOW' | 'RED';
export type Tier = 'TIER_250' | 'TIER_1K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';
/** Errors the page can queue for the next sends of a number (Meta's codes). */
export type InjectedError = 'throughput' | 'pair-rate' | 'server' | 'marketing-cap' | 'marketing-stopped';

export interface FakeNumber {
  phoneNumberId: string;
  wabaId: string;
  display: string;
  verifiedName: string;
  quality: Quality;
  tier: Tier;
}

export interface FakeMessage {
  id: string;
  phoneNumberId: string;
  waId: string;
  fromMe: boolean;
  type: string;
  text: string;
  template: { name: string; language: string; category: string } | null;
  at: number;
  status: 'sent' | 'delivered' | 'read' | 'received';
}

export interface FakeMedia {
  id: string;
  bytes: Buffer;
  mimetype: string;
  fileName: string | null;
}

const MAX_MESSAGES = 5_000;
/** Meta dismisses the typing indicator after 25 s, or when the reply arrives. */
const TYPING_MS = 25_000;
const MAX_MEDIA = 500;
const CODE_TTL_MS = 10 * 60_000;
/** Meta's customer-service window: free text only this long after the customer's last message. */
const SERVICE_WINDOW_MS = 24 * 60 * 60_000;
/** Meta's free entry point window: 72 h after a Click-to-WhatsApp ad's click, service messages are not charged. */
const FREE_ENTRY_WINDOW_MS = 72 * 60 * 60_000;

export function createGraphFakeState(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('vendai-graph-fake').digest();
  const numbers = new Map<string, FakeNumber>();
  const messages: FakeMessage[] = [];
  const media = new Map<string, FakeMedia>();
  const errors = new Map<string, InjectedError[]>();
  const usedCodes = new Set<string>();
  /** When each customer (number|waId) last tapped a Click-to-WhatsApp ad: Meta's free entry point window. */
  const adClicks = new Map<string, number>();
  /** Registered numbers; their two-step verification PINs (a number keeps its PIN when it registers again). */
  const registered = new Set<string>();
  const pins = new Map<string, string>();
  /** `<phone number id>|<wa_id>` → until when the customer sees the number typing. */
  const typing = new Map<string, number>();

  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  const pack = (prefix: string, data: object) => {
    const body = Buffer.from(JSON.stringify(data)).toString('base64url');
    return `${prefix}${body}.${sign(`${prefix}${body}`)}`;
  };
  const unpack = <T>(prefix: string, value: string | undefined): T | null => {
    if (!value?.startsWith(prefix)) return null;
    const [body, mac, ...rest] = value.slice(prefix.length).split('.');
    if (!body || !mac || rest.length) return null;
    const expected = Buffer.from(sign(`${prefix}${body}`));
    if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  };

  /** A number by its phone number id, known from its derived id even after a restart. */
  function numberOf(phoneNumberId: string): FakeNumber | null {
    const known = numbers.get(phoneNumberId);
    if (known) return known;
    const digits = /^10(\d{10,15})$/.exec(phoneNumberId)?.[1];
    if (!digits) return null;
    registered.add(phoneNumberId);
    return remember({ display: digits, verifiedName: 'Empresa (simulador)' });
  }

  function remember(input: { display: string; verifiedName: string }): FakeNumber {
    const phoneNumberId = `10${input.display}`;
    const previous = numbers.get(phoneNumberId);
    const number: FakeNumber = {
      phoneNumberId,
      wabaId: `20${input.display}`,
      display: input.display,
      verifiedName: input.verifiedName,
      quality: previous?.quality ?? 'GREEN',
      tier: previous?.tier ?? 'TIER_1K',
    };
    numbers.set(phoneNumberId, number);
    return number;
  }

  return {
    numberOf,
    wabaNumbers: (wabaId: string) => {
      const digits = /^20(\d{10,15})$/.exec(wabaId)?.[1];
      const number = digits ? numberOf(`10${digits}`) : null;
      return number ? [number] : [];
    },

    /** The page approved the signup: a one-time code for that number, valid for ten minutes. */
    issueCode(input: { display: string; verifiedName: string }): string {
      const number = remember(input);
      return pack('simcode.', { n: number.phoneNumberId, exp: now() + CODE_TTL_MS, r: randomBytes(6).toString('hex') });
    },

    /** The code → a business token for the number's WABA; null when unknown, used or expired. */
    redeemCode(code: string): string | null {
      const data = unpack<{ n: string; exp: number }>('simcode.', code);
      if (!data || data.exp < now() || usedCodes.has(code)) return null;
      usedCodes.add(code);
      const number = numberOf(data.n);
      return number ? pack('EAAsim', { w: number.wabaId, n: number.phoneNumberId }) : null;
    },

    /** Meta's register: the first PIN becomes the number's; another PIN than the number's is refused. */
    register(phoneNumberId: string, pin: string): 'registered' | 'pin-mismatch' {
      const current = pins.get(phoneNumberId);
      if (current !== undefined && current !== pin) return 'pin-mismatch';
      pins.set(phoneNumberId, pin);
      registered.add(phoneNumberId);
      return 'registered';
    },
    /** Two-step verification: sets or changes the number's PIN (Meta asks for no old PIN). */
    setPin: (phoneNumberId: string, pin: string) => void pins.set(phoneNumberId, pin),
    isRegistered: (phoneNumberId: string) => registered.has(phoneNumberId),

    /** The WABA a token was issued for; null for anything else. */
    tokenScope: (token: string | undefined) => unpack<{ w: string; n: string }>('EAAsim', token),

    addMessage(message: Omit<FakeMessage, 'id' | 'at'> & { id?: string }): FakeMessage {
      const stored = { ...message, id: message.id ?? `wamid.SIM${randomBytes(12).toString('hex')}`, at: now() };
      messages.push(stored);
      if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
      return stored;
    },
    messageById: (id: string) => messages.find((m) => m.id === id) ?? null,
    /**
     * Free text to this customer would be refused with #131047: the fake knows a message of theirs and the
     * newest is over 24 h old. A chat the fake never saw the customer write in (forgotten at a restart, or
     * fed by webhooks a test posted itself) is not refused: its memory is gone, the app's is not.
     */
    windowClosed(phoneNumberId: string, waId: string): boolean {
      let last = 0;
      for (const m of messages)
        if (m.phoneNumberId === phoneNumberId && m.waId === waId && !m.fromMe) last = Math.max(last, m.at);
      return last > 0 && now() - last >= SERVICE_WINDOW_MS;
    },
    /** The clock moves for one chat (tests, the page): its messages happened `ms` earlier. */
    ageChat(phoneNumberId: string, waId: string, ms: number) {
      for (const m of messages) if (m.phoneNumberId === phoneNumberId && m.waId === waId) m.at -= ms;
      const click = adClicks.get(`${phoneNumberId}|${waId}`);
      if (click !== undefined) adClicks.set(`${phoneNumberId}|${waId}`, click - ms);
    },
    /** The customer came from an ad now: service messages are free for 72 hours (Meta's free entry point window). */
    adClicked(phoneNumberId: string, waId: string, at: number) {
      adClicks.set(`${phoneNumberId}|${waId}`, at);
      if (adClicks.size > MAX_MESSAGES) adClicks.delete(adClicks.keys().next().value!);
    },
    inFreeEntryWindow(phoneNumberId: string, waId: string, at: number): boolean {
      const click = adClicks.get(`${phoneNumberId}|${waId}`);
      return click !== undefined && at >= click && at - click < FREE_ENTRY_WINDOW_MS;
    },
    messagesOf: (phoneNumberId: string) => messages.filter((m) => m.phoneNumberId === phoneNumberId),

    addMedia(input: Omit<FakeMedia, 'id'>): FakeMedia {
      const stored = { ...input, id: `9${randomBytes(7).readUIntBE(0, 6)}` };
      media.set(stored.id, stored);
      if (media.size > MAX_MEDIA) media.delete(media.keys().next().value!);
      return stored;
    },
    mediaOf: (id: string) => media.get(id) ?? null,

    /** The typing indicator shown to the customer of a received message (Meta ties it to one). */
    startTyping(phoneNumberId: string, messageId: string) {
      const received = messages.find((m) => m.id === messageId && m.phoneNumberId === phoneNumberId);
      if (!received) return;
      typing.set(`${phoneNumberId}|${received.waId}`, now() + TYPING_MS);
      if (typing.size > MAX_MESSAGES) typing.delete(typing.keys().next().value!);
    },
    stopTyping: (phoneNumberId: string, waId: string) => typing.delete(`${phoneNumberId}|${waId}`),
    typingTo: (phoneNumberId: string) =>
      [...typing]
        .filter(([key, until]) => key.startsWith(`${phoneNumberId}|`) && until > now())
        .map(([key]) => key.slice(phoneNumberId.length + 1)),

    /** Queues `count` failures for the number's next sends (or clears them with count 0). */
    injectErrors(phoneNumberId: string, kind: InjectedError, count: number) {
      if (count <= 0) errors.delete(phoneNumberId);
      else errors.set(phoneNumberId, [...(errors.get(phoneNumberId) ?? []), ...Array<InjectedError>(count).fill(kind)]);
    },
    pendingErrors: (phoneNumberId: string) => errors.get(phoneNumberId)?.length ?? 0,
    takeError: (phoneNumberId: string) => errors.get(phoneNumberId)?.shift() ?? null,

    setQuality(phoneNumberId: string, quality: Quality, tier: Tier) {
      const number = numberOf(phoneNumberId);
      if (number) numbers.set(phoneNumberId, { ...number, quality, tier });
    },
  };
}

export type GraphFakeState = ReturnType<typeof createGraphFakeState>;
