/**
 * Pure mapping of a WhatsApp Cloud API webhook (Meta's `whatsapp_business_account` object:
 * entry[].changes[].value with metadata.phone_number_id, contacts, messages[], statuses[], errors[])
 * into the events the Evolution webhook stores: received messages become `messages.upsert` with a
 * messageRaw (map-gateway-message.ts reads it unchanged), statuses become `messages.update` receipts.
 * Media carry Meta's media id (`<kind>Message.mediaId`) for the Cloud adapter's download. On a number
 * shared with the WhatsApp Business app (coexistence), what the owner types on the phone comes as
 * `message_echoes[]` (field `smb_message_echoes`, `from` the business, `to` the customer): a `fromMe`
 * upsert, as Evolution delivers the owner's own messages, so the engine's takeover rule applies.
 * While Meta's own agent holds the thread, the customer's messages come on field `standby` with the same
 * payload: mapped alike and marked `standby: true` (stored, never answered: domain/conversation-rules/meta-agent-holds.ts).
 */

type Json = Record<string, unknown>;

export interface CloudWebhookEvent {
  /** The number Meta names (metadata.phone_number_id). */
  phoneNumberId: string;
  event: 'messages.upsert' | 'messages.update';
  /** De-duplication key: the message id; id + status for receipts (Meta retries for days). */
  eventKey: string;
  data: Json;
}

/** Meta's status names → Evolution's receipt statuses (mapDeliveryStatus reads those). */
const STATUS: Record<string, string> = { sent: 'SERVER_ACK', delivered: 'DELIVERY_ACK', read: 'READ', failed: 'ERROR' };

const MEDIA: Record<string, string> = {
  image: 'imageMessage',
  audio: 'audioMessage',
  video: 'videoMessage',
  document: 'documentMessage',
  sticker: 'stickerMessage',
};

/** Every message and status of one webhook body; anything unknown is skipped, never thrown on. */
export function mapCloudWebhook(body: unknown): CloudWebhookEvent[] {
  const out: CloudWebhookEvent[] = [];
  for (const entry of list(obj(body)?.entry)) {
    for (const change of list(obj(entry)?.changes)) {
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      if (!value || !phoneNumberId) continue;
      const contacts = list(value.contacts).map(obj);
      const standby = obj(change)?.field === 'standby';
      for (const m of list(value.messages)) {
        // A changed BSUID is a notice, not the customer writing (cloudUserIdChanges reads it).
        if (userIdChangeOf(obj(m))) continue;
        const mapped = mapMessage(obj(m), contacts);
        const data = mapped && standby ? { ...mapped, standby: true } : mapped;
        if (data) out.push({ phoneNumberId, event: 'messages.upsert', eventKey: data.key.id, data });
      }
      for (const m of list(value.message_echoes)) {
        const data = mapEcho(obj(m));
        if (data) out.push({ phoneNumberId, event: 'messages.upsert', eventKey: data.key.id, data });
      }
      for (const s of list(value.statuses)) {
        const data = mapStatus(obj(s));
        if (data) out.push({ phoneNumberId, event: 'messages.update', eventKey: `${data.keyId}:${data.status}`, data });
      }
    }
  }
  return out;
}

/** The errors Meta reports outside any message (value.errors[]: app or account problems), for the log. */
export function cloudWebhookErrors(
  body: unknown,
): { phoneNumberId: string | null; code: unknown; title: string | null }[] {
  return list(obj(body)?.entry).flatMap((entry) =>
    list(obj(entry)?.changes).flatMap((change) => {
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      return list(value?.errors).map((e) => ({ phoneNumberId, code: obj(e)?.code, title: str(obj(e)?.title) }));
    }),
  );
}

/**
 * Changes of who holds a customer's thread (field `messaging_handovers`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messaging-handovers/):
 * `control_passed` reaches the new owner (VendAI holds the thread again), `control_taken` the previous owner
 * (Meta's agent or a partner took it). The customer is read from `contacts[].wa_id`, else from the
 * notification object's `wa_id`; a notification without one is skipped.
 */
export function cloudHandovers(body: unknown): { phoneNumberId: string; waId: string; control: 'passed' | 'taken' }[] {
  return list(obj(body)?.entry).flatMap((entry) =>
    list(obj(entry)?.changes).flatMap((change) => {
      if (obj(change)?.field !== 'messaging_handovers') return [];
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      const type = str(value?.type);
      const control = type === 'control_passed' ? 'passed' : type === 'control_taken' ? 'taken' : null;
      const note = type ? obj(value?.[type]) : null;
      const contact = obj(list(value?.contacts)[0]);
      const waId = str(contact?.wa_id) ?? str(note?.wa_id) ?? str(contact?.user_id) ?? str(note?.user_id);
      return phoneNumberId && control && waId ? [{ phoneNumberId, waId, control }] : [];
    }),
  );
}

/**
 * A user's business-scoped user id changed ('user_changed_user_id' system message on the messages field,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/system/;
 * fixture inbound-webhooks.json `userChangedUserId`): the previous BSUID and the new one, so the
 * conversation follows the person (docs/decisions/062-bsuid-contacts.md).
 */
export function cloudUserIdChanges(body: unknown): { phoneNumberId: string; previousUserId: string; userId: string }[] {
  return list(obj(body)?.entry).flatMap((entry) =>
    list(obj(entry)?.changes).flatMap((change) => {
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      if (!phoneNumberId) return [];
      return list(value?.messages).flatMap((m) => {
        const change = userIdChangeOf(obj(m));
        return change ? [{ phoneNumberId, ...change }] : [];
      });
    }),
  );
}

function userIdChangeOf(m: Json | null): { previousUserId: string; userId: string } | null {
  const system = obj(m?.system);
  if (str(m?.type) !== 'system' || str(system?.type) !== 'user_changed_user_id') return null;
  const previousUserId = str(system?.previous_user_id);
  const userId = str(system?.user_id) ?? str(m?.from_user_id);
  return previousUserId && userId && previousUserId !== userId ? { previousUserId, userId } : null;
}

/**
 * The sender of a received message. Meta names a user by phone (`from`, contacts[].wa_id) and by
 * business-scoped user id (`from_user_id`, contacts[].user_id); a user with a username may come without
 * the phone (https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/,
 * docs/decisions/062-bsuid-contacts.md). The chat is the phone JID when there is one, else the BSUID itself;
 * the BSUID rides along as `key.userId`, the username as `key.username`. The name: the profile name, else the username.
 */
function sender(m: Json, contacts: (Json | null)[]) {
  const phone = str(m.from);
  const byId = (c: Json | null) =>
    (phone !== null && str(c?.wa_id) === phone) ||
    (str(m.from_user_id) !== null && str(c?.user_id) === str(m.from_user_id));
  const contact = contacts.find(byId) ?? null;
  const userId = str(m.from_user_id) ?? str(contact?.user_id);
  const profile = obj(contact?.profile);
  const username = str(profile?.username);
  const name = str(profile?.name) ?? username;
  return { phone, userId, name, username };
}

function mapMessage(m: Json | null, contacts: (Json | null)[]) {
  const id = str(m?.id);
  const type = str(m?.type);
  if (!m || !id || !type) return null;
  const { phone, userId, name, username } = sender(m, contacts);
  if (!phone && !userId) return null;
  const context = obj(m.context);
  const contextInfo = str(context?.id)
    ? { stanzaId: str(context?.id), participant: `${str(context?.from) ?? ''}@s.whatsapp.net` }
    : undefined;
  return {
    key: {
      remoteJid: phone ? `${phone}@s.whatsapp.net` : userId,
      fromMe: false,
      id,
      ...(userId ? { userId } : {}),
      ...(userId && username ? { username } : {}),
    },
    pushName: name ?? undefined,
    message: messageContent(type, m, contextInfo),
    messageType: type,
    messageTimestamp: Number(m.timestamp) || undefined,
    source: 'cloud_api',
    ...(contextInfo ? { contextInfo } : {}),
    // A Click-to-WhatsApp ad's referral, exactly as Meta sent it (domain/ad-attribution/message-source.ts).
    ...(obj(m.referral) ? { referral: obj(m.referral) } : {}),
  };
}

/** A message the owner sent from the WhatsApp Business app on a coexistence number. */
function mapEcho(m: Json | null) {
  const id = str(m?.id);
  const to = str(m?.to);
  const toUserId = str(m?.to_user_id);
  const type = str(m?.type);
  if (!m || !id || !(to || toUserId) || !type) return null;
  return {
    key: {
      remoteJid: to ? `${to}@s.whatsapp.net` : toUserId,
      fromMe: true,
      id,
      ...(toUserId ? { userId: toUserId } : {}),
    },
    message: messageContent(type, m, undefined),
    messageType: type,
    messageTimestamp: Number(m.timestamp) || undefined,
    source: 'cloud_api',
  };
}

function messageContent(type: string, m: Json, contextInfo: Json | undefined): Json {
  const part = obj(m[type]);
  if (type === 'text') {
    const body = str(part?.body) ?? '';
    return contextInfo ? { extendedTextMessage: { text: body, contextInfo } } : { conversation: body };
  }
  if (MEDIA[type] && part) {
    return {
      [MEDIA[type]]: {
        mediaId: str(part.id),
        mimetype: str(part.mime_type),
        fileSha256: str(part.sha256),
        ...(str(part.caption) ? { caption: str(part.caption) } : {}),
        ...(str(part.filename) ? { fileName: str(part.filename) } : {}),
        ...(type === 'audio' ? { ptt: part.voice === true } : {}),
        ...(contextInfo ? { contextInfo } : {}),
      },
    };
  }
  if (type === 'location' && part)
    return {
      locationMessage: {
        degreesLatitude: part.latitude,
        degreesLongitude: part.longitude,
        name: str(part.name) ?? undefined,
        address: str(part.address) ?? undefined,
      },
    };
  if (type === 'reaction' && part)
    return { reactionMessage: { key: { id: str(part.message_id) }, text: str(part.emoji) ?? '' } };
  if (type === 'contacts') {
    const contact = obj(list(m.contacts)[0]);
    if (contact) return { contactMessage: cloudContact(contact) };
  }
  if (type === 'order' && part) return { conversation: orderText(part) };
  // Quick-reply buttons and list answers read as what the customer tapped.
  const tapped =
    str(obj(m.button)?.text) ??
    str(obj(obj(m.interactive)?.button_reply)?.title) ??
    str(obj(obj(m.interactive)?.list_reply)?.title);
  if (tapped) return { conversation: tapped };
  return {};
}

/** A shared contact card as Evolution's contactMessage: the name and a vCard with the first phone. */
function cloudContact(contact: Json): Json {
  const name = obj(contact.name);
  const displayName = str(name?.formatted_name) ?? str(name?.first_name) ?? 'Contato';
  const phone = obj(list(contact.phones)[0]);
  const waId = str(phone?.wa_id);
  const number = str(phone?.phone);
  const tel = waId ? `TEL;type=CELL;waid=${waId}:${number ?? waId}` : number ? `TEL;type=CELL:${number}` : null;
  const vcard = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${displayName}`, ...(tel ? [tel] : []), 'END:VCARD'].join('\n');
  return { displayName, vcard };
}

/**
 * A cart sent from the WhatsApp catalogue, read as the customer's words so the AI and the inbox see
 * what was asked for: one line per item (quantity × product id, unit price) and the customer's note.
 */
function orderText(order: Json): string {
  const lines = list(order.product_items).map((raw) => {
    const item = obj(raw);
    const quantity = Number(item?.quantity) || 1;
    const price = Number(item?.item_price);
    const currency = str(item?.currency) ?? 'BRL';
    const priced = Number.isFinite(price)
      ? ` — ${new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(price)} cada`
      : '';
    return `${quantity} × ${str(item?.product_retailer_id) ?? 'item'}${priced}`;
  });
  const note = str(order.text);
  return ['Pedido pelo catálogo do WhatsApp:', ...lines, ...(note ? [note] : [])].join('\n');
}

function mapStatus(s: Json | null) {
  const keyId = str(s?.id);
  const status = STATUS[str(s?.status) ?? ''];
  // A send addressed to a BSUID may come back without the phone: recipient_user_id only.
  const phone = str(s?.recipient_id);
  const recipient = phone ? `${phone}@s.whatsapp.net` : str(s?.recipient_user_id);
  if (!s || !keyId || !status || !recipient) return null;
  // failed: Meta's errors[] ({code, title, message, error_data.details}) kept as they came.
  const errors = list(s.errors).map((e) => ({
    code: obj(e)?.code,
    title: str(obj(e)?.title),
    message: str(obj(e)?.message),
  }));
  return {
    keyId,
    remoteJid: recipient,
    fromMe: true,
    status,
    ...(errors.length ? { errors } : {}),
    // Meta's pricing of the message (category, and whether it is charged): the Cloud meter's (decision 064).
    ...(obj(s.pricing) ? { pricing: obj(s.pricing) } : {}),
    timestamp: Number(s.timestamp) || undefined,
  };
}

export function obj(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
export function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/**
 * A number's quality or messaging limit changed (field `phone_number_quality_update`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update):
 * the number is named by its WABA (`entry.id`) and display phone number. `FLAGGED` (the quality rating fell to
 * low) and `UNFLAGGED` (back to high) set the rating; the tier is `max_daily_conversations_per_business`, else
 * the older `current_limit`. Campaigns pause by themselves on a rating that is not green (decision 072), and at
 * once on FLAGGED or DOWNGRADE (docs/decisions/078-campaign-reach-and-pause.md).
 */
export function cloudQualityUpdates(
  body: unknown,
): { wabaId: string; phone: string; event: string | null; rating: 'RED' | 'GREEN' | null; limit: string | null }[] {
  return list(obj(body)?.entry).flatMap((entry) =>
    list(obj(entry)?.changes).flatMap((change) => {
      if (obj(change)?.field !== 'phone_number_quality_update') return [];
      const value = obj(obj(change)?.value);
      const wabaId = str(obj(entry)?.id);
      const phone = str(value?.display_phone_number)?.replace(/\D/g, '');
      const event = str(value?.event);
      const rating = event === 'FLAGGED' ? 'RED' : event === 'UNFLAGGED' ? 'GREEN' : null;
      const limit = str(value?.max_daily_conversations_per_business) ?? str(value?.current_limit) ?? null;
      return wabaId && phone ? [{ wabaId, phone, event, rating, limit }] : [];
    }),
  );
}
