/**
 * Opt-out (decision 023): a customer's whole message 'sair', 'parar', 'pare' or 'stop', whatever the
 * case, accents, punctuation or emoji. Read once, when the message arrives: ingestion stores it as a
 * fact (`messages.opt_out`, and the conversation's `opted_out`), and everything after (Resultados'
 * 'Pediram para sair') reads that fact, never the text again.
 */
const OPT_OUT_WORDS = new Set(['sair', 'parar', 'pare', 'stop']);

export function isOptOut(text: string | null | undefined): boolean {
  if (!text) return false;
  const word = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return OPT_OUT_WORDS.has(word);
}
