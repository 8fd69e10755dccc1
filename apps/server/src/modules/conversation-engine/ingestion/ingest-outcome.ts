/** What ingesting one gateway event did (ingest-gateway-event.ts, apply-message-change.ts). */
export type IngestOutcome = 'stored' | 'duplicate' | 'echo' | 'updated' | 'ignored';
