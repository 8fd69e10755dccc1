import { z } from 'zod';

/** message_type values of part 2 §3; anything else is stored and shown as unsupported. */
export const messageTypeSchema = z.enum(['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contact', 'unsupported']);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** Location content is a JSON string {address, lat, lng}; contact content is {name, phone} (part 2 §3). */
export const locationContentSchema = z.object({ address: z.string().nullable(), lat: z.number(), lng: z.number() });
export const contactContentSchema = z.object({ name: z.string(), phone: z.string().nullable() });

export const messageDtoSchema = z.object({
  id: z.string(),
  convId: z.string(),
  direction: z.enum(['in', 'out']),
  content: z.string().nullable(),
  fromMe: z.boolean(),
  /** contact = the customer; ai; owner_app = typed in the inbox; owner_phone = typed on the phone. */
  author: z.enum(['contact', 'ai', 'owner_app', 'owner_phone']),
  messageType: messageTypeSchema,
  status: z.enum(['pending', 'sent', 'delivered', 'read', 'failed', 'received']),
  /** Why a send failed, in Portuguese, when status is 'failed'. */
  error: z.string().nullable(),
  createdAt: z.string(),
  media: z
    .object({
      url: z.string().nullable(),
      filename: z.string().nullable(),
      mimetype: z.string().nullable(),
      size: z.number().nullable(),
      duration: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      thumbnailUrl: z.string().nullable(),
    })
    .nullable(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

export const conversationDtoSchema = z.object({
  id: z.string(),
  numberId: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactJid: z.string(),
  type: z.enum(['chat', 'group']),
  /** The AI/Manual switch. */
  agenteAtivo: z.boolean(),
  optedOut: z.boolean(),
  lastMessage: z.string(),
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
  number: z.object({ id: z.string(), instanceName: z.string(), phone: z.string(), apelido: z.string().nullable() }),
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

export const numberStatusDtoSchema = z.object({
  id: z.string(),
  status: z.enum(['CONECTADO', 'DESCONECTADO']),
  agente: z.string().nullable(),
  apelido: z.string().nullable(),
  phone: z.string(),
  instanceName: z.string(),
});
export type NumberStatusDto = z.infer<typeof numberStatusDtoSchema>;

export const sendMessageSchema = z.object({
  text: z
    .string({ error: 'Digite uma mensagem.' })
    .refine((t) => t.trim().length > 0, { error: 'Digite uma mensagem.' })
    .refine((t) => t.length <= 4096, { error: 'A mensagem pode ter no máximo 4.096 caracteres.' }),
});
