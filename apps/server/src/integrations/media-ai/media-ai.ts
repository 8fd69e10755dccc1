/**
 * The media-understanding port (docs/decisions/016-media-understanding.md): a voice note's transcript
 * and an image's description, from an OpenAI-compatible provider. Each part may be off (null), e.g.
 * in demo mode or when the configured chat model has no vision.
 */
export interface MediaFile {
  data: Buffer;
  mimetype: string;
  filename: string | null;
}

export interface MediaAi {
  /** POST /audio/transcriptions; null when transcription is off. Throws on provider failure. */
  transcribe: ((file: MediaFile) => Promise<string>) | null;
  /** A vision chat completion describing the image; null when off. Throws on provider failure. */
  describeImage: ((file: MediaFile, caption: string | null) => Promise<string>) | null;
}

/** A provider failure; `retryable` false when another try cannot help (400, 401, 404, 413, 415, 422…). */
export class MediaAiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MediaAiError';
  }
}
