import { createWebhookDispatcher, type DeliveryLog } from '../webhook-dispatcher.ts';
import { createGraphFakeState, type FakeMessage, type FakeNumber, type Tier } from './graph-fake-state.ts';
import {
  checkTemplateCreation,
  checkTemplateSend,
  type CreationRefusal,
  type SubmittedTemplate,
  templateText,
} from './graph-fake-templates.ts';
import { createGraphFakeWebhooks } from './graph-fake-webhooks.ts';

type Json = Record<string, unknown>;
/** Meta's messaging limit tiers the fake moves through, lowest first (a DOWNGRADE / UPGRADE is one step). */
const TIERS: readonly Tier[] = ['TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'];
/** Sent → delivered after this long, like the QR simulator's acks. */
const DELIVERY_DELAY_MS = 250;

export interface GraphFakeOptions {
  /** The app secret the fake signs webhooks with and checks in the code exchange (META_APP_SECRET). */
  appSecret: string;
  appId: string;
  /** Derives the fake's signing key (AUTH_SECRET). */
  secret: string;
  /** Where the fake is served, e.g. http://127.0.0.1:3000/simulator/graph (media URLs point there). */
  graphRoot: string;
  /** The app's Meta webhook (…/webhooks/meta). */
  webhookUrl: string;
  log: DeliveryLog & { error(obj: object, msg: string): void };
}

/**
 * The simulator's WhatsApp Cloud API (docs/decisions/036-cloud-signup-window-pacing.md): the state, the signed
 * webhooks, and what a send or a customer's message does. Served by graph-fake-routes.ts (the Graph
 * surface) and cloud-page-routes.ts (the /simulador page's Cloud side).
 */
export function createGraphFake(options: GraphFakeOptions) {
  const state = createGraphFakeState(options.secret);
  const dispatcher = createWebhookDispatcher(options.log);
  const webhooks = createGraphFakeWebhooks({ dispatcher, url: options.webhookUrl, appSecret: options.appSecret });
  const subscribed = new Set<string>();
  /** Templates the app submitted, per WABA (kept in memory: a restart forgets them, as it forgets chats). */
  const submitted = new Map<string, SubmittedTemplate[]>();
  let nextTemplateId = 1_689_556_908_129_000;
  const submittedOf = (wabaId: string) => submitted.get(wabaId) ?? [];
  const timers = new Set<NodeJS.Timeout>();

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** What a send carries, as the page shows it: a text, a media caption, or the template's filled body. */
  function describe(body: Json, wabaOf: string): { type: string; text: string; template: FakeMessage['template'] } {
    const type = String(body.type ?? 'text');
    const content = (body[type] ?? {}) as Json;
    if (type === 'text') return { type, text: String(content.body ?? ''), template: null };
    // Reply buttons (checked by the routes): the body, then the buttons as the phone shows them.
    if (type === 'interactive') {
      const buttons = (((content.action ?? {}) as Json).buttons ?? []) as { reply?: { title?: string } }[];
      const text = String(((content.body ?? {}) as Json).text ?? '');
      return { type, text: `${text}\n${buttons.map((b) => `[${b.reply?.title ?? ''}]`).join(' ')}`, template: null };
    }
    if (type === 'template') {
      // The routes checked it first (checkTemplateSend): an unknown template never gets here.
      const checked = checkTemplateSend(content, submittedOf(wabaOf));
      const name = String(content.name ?? '');
      const language = String(((content.language ?? {}) as Json).code ?? '');
      if (!('template' in checked)) return { type, text: name, template: { name, language, category: 'UTILITY' } };
      const text = templateText(checked.template, checked.params);
      return { type, text, template: { name, language, category: checked.template.category } };
    }
    return { type, text: String(content.caption ?? content.filename ?? `[${type}]`), template: null };
  }

  return {
    state,
    appId: options.appId,
    appSecret: options.appSecret,
    graphRoot: options.graphRoot,
    subscribe: (wabaId: string) => subscribed.add(wabaId),
    isSubscribed: (wabaId: string) => subscribed.has(wabaId),

    /**
     * A send the Graph API accepted, to `waId` (the phone's digits or a BSUID: graph-fake-addressee.ts):
     * kept for the page, then 'sent' and 'delivered' webhooks.
     */
    send(number: FakeNumber, body: Json, waId: string): FakeMessage {
      state.stopTyping(number.phoneNumberId, waId);
      const message = state.addMessage({
        phoneNumberId: number.phoneNumberId,
        waId,
        fromMe: true,
        status: 'sent',
        ...describe(body, number.wabaId),
      });
      const freeEntry = state.inFreeEntryWindow(number.phoneNumberId, waId, message.at);
      later(0, () => webhooks.status(number, message, 'sent', Date.now(), freeEntry));
      later(DELIVERY_DELAY_MS, () => {
        message.status = 'delivered';
        webhooks.status(number, message, 'delivered', Date.now(), freeEntry);
      });
      return message;
    },

    async upload(form: unknown): Promise<string> {
      const file = form instanceof FormData ? form.get('file') : null;
      if (!(file instanceof Blob))
        throw Object.assign(new Error('The parameter file is required.'), { statusCode: 400 });
      const stored = state.addMedia({
        bytes: Buffer.from(await file.arrayBuffer()),
        mimetype: file.type || 'application/octet-stream',
        fileName: file instanceof File ? file.name : null,
      });
      return stored.id;
    },

    /**
     * A customer writes to the number from the page: kept, then the signed webhook. With a username, the
     * customer's `waId` is their BSUID and the webhook names no phone (docs/decisions/062-bsuid-contacts.md).
     */
    customerWrites(
      number: FakeNumber,
      input: { waId: string; name: string; text: string; username?: string; referral?: Record<string, unknown> },
    ): FakeMessage {
      const message = state.addMessage({
        phoneNumberId: number.phoneNumberId,
        waId: input.waId,
        fromMe: false,
        type: 'text',
        text: input.text,
        template: null,
        status: 'received',
      });
      if (input.referral) state.adClicked(number.phoneNumberId, input.waId, message.at);
      webhooks.customerText(number, message, input.name, input.username, input.referral);
      return message;
    },

    /** The WABA's submitted templates (the Graph list, a send's check). */
    submittedTemplates: submittedOf,

    /** `POST /{waba-id}/message_templates`: checked as Meta checks it (graph-fake-templates.ts), then PENDING. */
    createTemplate(wabaId: string, body: Json): SubmittedTemplate | CreationRefusal {
      const list = submittedOf(wabaId);
      const checked = checkTemplateCreation(body, wabaId, list, String(nextTemplateId++));
      if ('id' in checked) submitted.set(wabaId, [...list, checked]);
      return checked;
    },

    /**
     * Meta's review and later decisions, as the page (or a test) plays them: APPROVED, REJECTED with a
     * reason, PAUSED, DISABLED; or a new category. The signed webhook follows. Null: no such template.
     */
    decideTemplate(
      wabaId: string,
      id: string,
      decision:
        { event: SubmittedTemplate['status']; reason?: string | null } | { category: SubmittedTemplate['category'] },
    ): SubmittedTemplate | null {
      const t = submittedOf(wabaId).find((x) => x.id === id);
      if (!t) return null;
      if ('category' in decision) {
        const previous = t.category;
        t.category = decision.category;
        webhooks.templateCategory(t, previous, t.category);
        return t;
      }
      t.status = decision.event;
      t.rejectedReason = decision.event === 'REJECTED' ? (decision.reason ?? 'INVALID_FORMAT') : null;
      webhooks.templateStatus(t, t.status, t.rejectedReason);
      return t;
    },

    /**
     * Meta's word on the number's quality, as the page (or a test) plays it: FLAGGED (rating RED), UNFLAGGED
     * (GREEN), DOWNGRADE / UPGRADE (the messaging limit one tier down / up). The signed webhook follows and
     * `GET /{phone-number-id}?fields=quality_rating` answers the new rating. Null: Meta would not send it (a
     * DOWNGRADE at the lowest tier, an UPGRADE at the highest, FLAGGED when already flagged, UNFLAGGED when not).
     */
    qualityEvent(number: FakeNumber, event: 'FLAGGED' | 'UNFLAGGED' | 'DOWNGRADE' | 'UPGRADE'): FakeNumber | null {
      const at = TIERS.indexOf(number.tier);
      const change =
        event === 'FLAGGED'
          ? number.quality === 'RED'
            ? null
            : { quality: 'RED' as const, tier: number.tier }
          : event === 'UNFLAGGED'
            ? number.quality === 'GREEN'
              ? null
              : { quality: 'GREEN' as const, tier: number.tier }
            : event === 'DOWNGRADE'
              ? at <= 0
                ? null
                : { quality: number.quality, tier: TIERS[at - 1]! }
              : at >= TIERS.length - 1
                ? null
                : { quality: number.quality, tier: TIERS[at + 1]! };
      if (!change) return null;
      state.setQuality(number.phoneNumberId, change.quality, change.tier);
      const updated = state.numberOf(number.phoneNumberId)!;
      webhooks.qualityUpdate(updated, event, change.tier !== number.tier ? number.tier : null);
      return updated;
    },

    /** Resolves when every webhook queued so far went out once (tests). */
    settled: () => dispatcher.settled(),

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      dispatcher.close();
    },
  };
}

export type GraphFake = ReturnType<typeof createGraphFake>;
