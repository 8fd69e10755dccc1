import { z } from 'zod';

/**
 * Web Push notifications on the member's phone or computer (docs/decisions/067-web-push.md), chosen per
 * member on Configurações: each kind on or off. The owner's WhatsApp alerts stay as they are.
 */
export const PUSH_KINDS = ['handoff', 'draft', 'pixPaid', 'numberDisconnected'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  handoff: { label: 'Cliente pediu uma pessoa', hint: 'Quando um cliente pede para falar com alguém da equipe.' },
  draft: {
    label: 'Resposta da IA para aprovar',
    hint: "Com os botões 'Enviar' e 'Descartar' na própria notificação.",
  },
  pixPaid: { label: 'Pix pago', hint: 'Quando um cliente paga um pedido com Pix.' },
  numberDisconnected: { label: 'Número desconectado', hint: 'Quando um número de WhatsApp sai do ar.' },
};

export const pushPreferencesSchema = z.object({
  handoff: z.boolean(),
  draft: z.boolean(),
  pixPaid: z.boolean(),
  numberDisconnected: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const PUSH_ENDPOINT_INVALID = 'Endereço de notificação inválido: use o do navegador (https).';
export const PUSH_KEYS_INVALID = 'Chaves de notificação inválidas: inscreva o navegador de novo.';
export const PUSH_SUBSCRIPTION_NOT_FOUND = 'Inscrição de notificações não encontrada.';
export const PUSH_NOT_CONFIGURED =
  'As notificações no celular não estão configuradas neste servidor (VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY).';

const base64url = (message: string, bytes: number) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: message })
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, { error: message });

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON() (W3C Push API). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string({ error: PUSH_ENDPOINT_INVALID }).max(2000, { error: PUSH_ENDPOINT_INVALID }).url({
    error: PUSH_ENDPOINT_INVALID,
  }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes), base64url (RFC 8291). */
      p256dh: base64url(PUSH_KEYS_INVALID, 65),
      /** The 16-byte authentication secret, base64url (RFC 8291). */
      auth: base64url(PUSH_KEYS_INVALID, 16),
    },
    { error: PUSH_KEYS_INVALID },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionDtoSchema = z.object({
  id: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…): which browser it is. */
  service: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionDtoSchema>;

/** GET /api/push: the server's VAPID public key (null: not configured), the member's choices and browsers. */
export const pushSettingsSchema = z.object({
  publicKey: z.string().nullable(),
  preferences: pushPreferencesSchema,
  subscriptions: z.array(pushSubscriptionDtoSchema),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/**
 * What the service worker receives (encrypted end to end, RFC 8291) and shows. `draft` carries what the
 * 'Enviar'/'Descartar' actions need: they call the inbox's own routes with the member's session.
 */
export const pushMessageSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** Same tag, same notification: a repeat (the events job delivers at least once) replaces it. */
  tag: z.string(),
  /** Where a tap on the notification opens the app. */
  url: z.string(),
  draft: z.object({ convId: z.string(), draftId: z.string() }).optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
