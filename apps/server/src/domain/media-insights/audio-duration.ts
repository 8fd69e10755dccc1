/**
 * How long an audio file really lasts, in seconds, read from the file itself (music-metadata: OGG/Opus,
 * MP3, M4A/AAC, WAV, WebM…), never from the sender's claim: WhatsApp's `seconds` field is written by
 * the sending client, so a modified client can call a 20-minute recording a 5-second voice note
 * (docs/decisions/021-spend-and-abuse-limits.md). Null when the file's length cannot be read.
 */
export async function measureAudioSeconds(data: Buffer, mimetype: string | null): Promise<number | null> {
  try {
    // Loaded on the first voice note, not at start (docs/performance.md).
    const { parseBuffer } = await import('music-metadata');
    const meta = await parseBuffer(
      data,
      { mimeType: mimetype?.split(';')[0]?.trim() || undefined, size: data.length },
      { duration: true, skipCovers: true },
    );
    const seconds = meta.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  } catch {
    return null;
  }
}
