import type { Env } from '../../config/env.ts';
import type { MediaAi } from './media-ai.ts';
import { createOpenAiMediaAi } from './openai-media-ai.ts';

const isOff = (model: string | undefined) => model?.trim().toLowerCase() === 'off';

const originOf = (url: string | undefined) => (url ? new URL(url).origin : null);

/**
 * The key sent to a media endpoint: its own when set; the main AI key only when the endpoint is on
 * the AI endpoint's host (its own base URL unset, or on the same origin). The AI key never goes to
 * another host (docs/decisions/020-production-mode.md).
 */
function mediaApiKey(env: Env, ownBaseUrl: string | undefined, ownKey: string | undefined): string | undefined {
  if (ownKey) return ownKey;
  if (!ownBaseUrl || originOf(ownBaseUrl) === originOf(env.AI_BASE_URL)) return env.AI_API_KEY;
  return undefined;
}

/**
 * The media-understanding provider chosen by configuration (docs/configuration.md, MEDIA_*): off in
 * demo mode (the demo AI says it cannot listen and acknowledges photos), else the AI endpoint unless
 * MEDIA_TRANSCRIPTION_BASE_URL / MEDIA_VISION_BASE_URL point elsewhere (then with their own key, see
 * mediaApiKey); a model 'off' turns its part off.
 */
export function createMediaAi(env: Env): MediaAi {
  const base = env.aiProvider === 'openai' ? env.AI_BASE_URL : undefined;
  const transcriptionUrl = env.MEDIA_TRANSCRIPTION_BASE_URL ?? base;
  const visionUrl = env.MEDIA_VISION_BASE_URL ?? base;
  const visionModel = env.MEDIA_VISION_MODEL ?? env.AI_MODEL;
  return createOpenAiMediaAi({
    transcription:
      transcriptionUrl && !isOff(env.MEDIA_TRANSCRIPTION_MODEL)
        ? {
            baseURL: transcriptionUrl,
            apiKey: mediaApiKey(env, env.MEDIA_TRANSCRIPTION_BASE_URL, env.MEDIA_TRANSCRIPTION_API_KEY),
            model: env.MEDIA_TRANSCRIPTION_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : null,
    vision:
      visionUrl && !isOff(visionModel)
        ? {
            baseURL: visionUrl,
            apiKey: mediaApiKey(env, env.MEDIA_VISION_BASE_URL, env.MEDIA_VISION_API_KEY),
            model: visionModel,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : null,
  });
}
