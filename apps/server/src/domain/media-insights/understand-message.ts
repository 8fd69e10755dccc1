import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { MediaAiError, type MediaAi } from '../../integrations/media-ai/media-ai.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { withRetry } from '../../lib/retry.ts';
import { measureAudioSeconds } from './audio-duration.ts';
import { DOCUMENT_LIMITS, extractDocumentText, isReadableDocument } from './extract-document.ts';
import { countMediaUsage, type InsightKind, type InsightRow, saveInsight } from './insight-repository.ts';

/** Bounds of media understanding (docs/configuration.md, MEDIA_*). */
export interface MediaLimits {
  audioMaxSeconds: number;
  maxBytes: number;
  /** Tries per message and run (lib/retry.ts), the first included. */
  attempts: number;
  retryBaseMs: number;
}

export interface UnderstandDeps {
  db: Db;
  storage: Storage;
  mediaAi: MediaAi;
  log: FastifyBaseLogger;
  limits: MediaLimits;
  /** The file from the gateway (Evolution getBase64FromMediaMessage) when storage has none. */
  fetchFromGateway?: (m: MediaMessage) => Promise<{ data: Buffer; mimetype: string | null } | null>;
}

/** An inbound media message as understanding needs it. */
export interface MediaMessage {
  id: string;
  accountId: string;
  convId: string;
  messageType: string;
  /** Caption (image, document). */
  content: string | null;
  mediaUrl: string | null;
  mediaMimetype: string | null;
  mediaFilename: string | null;
  mediaSize: number | null;
  mediaDuration: number | null;
  /** WhatsApp's message id (the gateway's key). */
  externalId: string | null;
}

/** What a message type is understood as, or null when it is not (video, location…). */
export function insightKindOf(m: Pick<MediaMessage, 'messageType' | 'mediaMimetype' | 'mediaFilename'>) {
  if (m.messageType === 'audio') return 'transcript' as const;
  if (m.messageType === 'image' || m.messageType === 'sticker') return 'description' as const;
  if (m.messageType === 'document' && isReadableDocument(m.mediaMimetype, m.mediaFilename)) return 'document' as const;
  return null;
}

/** Whether this process can understand the kind at all (transcription or vision configured; documents always). */
export function canUnderstand(mediaAi: MediaAi, kind: InsightKind): boolean {
  if (kind === 'transcript') return mediaAi.transcribe !== null;
  if (kind === 'description') return mediaAi.describeImage !== null;
  return true;
}

const KEY_OF_URL = /^\/api\/media\/(.+)$/;

/**
 * Understands one inbound media message now, stores the outcome (message_insights) and counts the
 * provider call (media_usage_monthly). Never throws: a failure is stored as failed, a bound hit as
 * skipped. Null when the kind is not understood by this configuration (nothing stored).
 */
export async function understandMessage(deps: UnderstandDeps, m: MediaMessage): Promise<InsightRow | null> {
  const kind = insightKindOf(m);
  if (!kind || !canUnderstand(deps.mediaAi, kind)) return null;
  const base = { messageId: m.id, userId: m.accountId, convId: m.convId, kind };
  const skip = (reason: string) => saveInsight(deps.db, { ...base, state: 'skipped', text: null, reason, attempts: 0 });

  const maxBytes =
    kind === 'document' ? Math.min(deps.limits.maxBytes, DOCUMENT_LIMITS.maxBytes) : deps.limits.maxBytes;
  if ((m.mediaSize ?? 0) > maxBytes) return skip('too-big');
  const key = m.mediaUrl ? KEY_OF_URL.exec(m.mediaUrl)?.[1] : undefined;
  const stored = key ? await deps.storage.read(key).catch(() => null) : null;
  // Not stored at ingestion (the gateway's media call failed then): ask the gateway once more.
  const file =
    stored ??
    (await deps.fetchFromGateway?.(m).catch((err) => {
      deps.log.warn({ err, messageId: m.id }, 'media: the gateway did not give the file');
      return null;
    })) ??
    null;
  if (!file) return skip('no-media');
  if (file.data.length > maxBytes) return skip('too-big');
  // A voice note's length is measured from the file before it is transcribed; the sender's declared
  // `seconds` is not trusted either way (audio-duration.ts).
  let seconds = m.mediaDuration ?? 0;
  if (kind === 'transcript') {
    const measured = await measureAudioSeconds(file.data, m.mediaMimetype ?? file.mimetype);
    if (measured === null) return skip('unknown-duration');
    if (measured > deps.limits.audioMaxSeconds) return skip('too-long');
    seconds = measured;
  }
  const media = {
    data: file.data,
    mimetype: m.mediaMimetype ?? file.mimetype ?? 'application/octet-stream',
    filename: m.mediaFilename,
  };

  let attempts = 0;
  try {
    const text = await withRetry(
      async () => {
        attempts += 1;
        if (kind === 'transcript') return deps.mediaAi.transcribe!(media);
        if (kind === 'description') return deps.mediaAi.describeImage!(media, m.content?.trim() || null);
        const readable = isReadableDocument(media.mimetype, media.filename)!;
        const extracted = await extractDocumentText(media.data, readable);
        if (!extracted) throw new MediaAiError('no text in document', false);
        return extracted;
      },
      {
        attempts: kind === 'document' ? 1 : deps.limits.attempts,
        baseMs: deps.limits.retryBaseMs,
        shouldRetry: (err) => !(err instanceof MediaAiError) || err.retryable,
      },
    );
    const row = await saveInsight(deps.db, { ...base, state: 'done', text, reason: null, attempts });
    await countMediaUsage(deps.db, m.accountId, kind, seconds);
    return row;
  } catch (err) {
    const status = err instanceof MediaAiError ? err.status : undefined;
    // A vision request refused as such (400/404/415/422) means the model reads no images.
    const reason =
      kind === 'document'
        ? 'unreadable'
        : kind === 'description' && status !== undefined && [400, 404, 415, 422].includes(status)
          ? 'no-vision'
          : 'provider';
    deps.log.warn({ err, messageId: m.id, kind, attempts }, 'media: could not understand an inbound media message');
    return saveInsight(deps.db, { ...base, state: 'failed', text: null, reason, attempts });
  }
}
