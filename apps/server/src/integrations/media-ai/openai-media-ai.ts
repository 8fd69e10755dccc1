import { AI_RESPONSE_MAX_BYTES, readBodyCapped, ResponseTooLargeError } from '../../lib/http-client.ts';
import { normaliseBaseUrl } from '../llm/openai-llm.ts';
import { type MediaAi, MediaAiError, type MediaFile } from './media-ai.ts';

/** The parts of the provider's JSON answers read here. */
interface ProviderJson {
  text?: unknown;
  choices?: { message?: { content?: unknown } }[];
}

export interface EndpointOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** What the vision model is asked (pt-BR, short, for a sales assistant). */
export const DESCRIBE_IMAGE_PROMPT =
  'Descreva esta imagem enviada por um cliente no WhatsApp para um assistente de vendas, em português, em até 3 frases: ' +
  'o que aparece, textos legíveis (preços, nomes, números) e o que o cliente parece querer mostrar. Não invente.';

/** The longest transcript or description kept (characters). */
export const MEDIA_TEXT_MAX = 4000;

const EXTENSIONS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'audio/amr': 'amr',
};

/** A file name the provider accepts: it tells the format by the extension (WhatsApp's ptt is ogg/opus). */
export function audioFilename(file: MediaFile): string {
  const base = file.mimetype.split(';')[0]!.trim().toLowerCase();
  return `audio.${EXTENSIONS[base] ?? 'ogg'}`;
}

async function post(
  options: EndpointOptions,
  path: string,
  body: string | FormData,
  json: boolean,
): Promise<ProviderJson> {
  let res: Response;
  try {
    res = await fetch(`${normaliseBaseUrl(options.baseURL)}${path}`, {
      method: 'POST',
      headers: {
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new MediaAiError(`provider unreachable: ${(err as Error).message}`, true);
  }
  if (!res.ok) {
    const retryable = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
    throw new MediaAiError(`provider answered HTTP ${res.status}`, retryable, res.status);
  }
  // Read at most AI_RESPONSE_MAX_BYTES (lib/http-client.ts): a transcript or a description is a few KB.
  let raw: Buffer;
  try {
    raw = await readBodyCapped(res.body, AI_RESPONSE_MAX_BYTES, res.headers.get('content-length'), () =>
      res.body?.cancel(),
    );
  } catch (err) {
    if (err instanceof ResponseTooLargeError) throw new MediaAiError('provider answer too large', false);
    throw new MediaAiError(`provider answer cut: ${(err as Error).message}`, true);
  }
  try {
    return JSON.parse(raw.toString('utf8')) as ProviderJson;
  } catch {
    throw new MediaAiError('provider answered no JSON', true);
  }
}

const clip = (text: string) => (text.length > MEDIA_TEXT_MAX ? `${text.slice(0, MEDIA_TEXT_MAX - 1)}…` : text);

/** Transcription and vision against OpenAI-compatible endpoints (plain fetch: multipart and content arrays). */
export function createOpenAiMediaAi(options: {
  transcription: EndpointOptions | null;
  vision: EndpointOptions | null;
}): MediaAi {
  const { transcription, vision } = options;
  return {
    transcribe: transcription
      ? async (file) => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), audioFilename(file));
          form.append('model', transcription.model);
          form.append('language', 'pt');
          form.append('response_format', 'json');
          const body = await post(transcription, '/audio/transcriptions', form, false);
          const text = typeof body?.text === 'string' ? body.text.trim() : '';
          if (!text) throw new MediaAiError('empty transcript', false);
          return clip(text);
        }
      : null,
    describeImage: vision
      ? async (file, caption) => {
          const url = `data:${file.mimetype};base64,${file.data.toString('base64')}`;
          const prompt = caption ? `${DESCRIBE_IMAGE_PROMPT}\nLegenda do cliente: ${caption}` : DESCRIBE_IMAGE_PROMPT;
          const body = await post(
            vision,
            '/chat/completions',
            JSON.stringify({
              model: vision.model,
              messages: [
                {
                  role: 'user',
                  content: [
                    { type: 'text', text: prompt },
                    { type: 'image_url', image_url: { url } },
                  ],
                },
              ],
              max_tokens: 300,
              temperature: 0.2,
              stream: false,
            }),
            true,
          );
          const text = body?.choices?.[0]?.message?.content;
          if (typeof text !== 'string' || text.trim() === '') throw new MediaAiError('empty description', false);
          return clip(text.trim());
        }
      : null,
  };
}
