/**
 * 'IA volta em 3 h' for a conversation the owner took over or the AI handed over
 * (docs/decisions/015-handoff.md); the AI is back with the customer's next message once the time passed.
 */
export function resumeLabel(aiResumesAt: string | null, now: number): string | null {
  if (!aiResumesAt) return null;
  const ms = new Date(aiResumesAt).getTime() - now;
  if (Number.isNaN(ms)) return null;
  if (ms <= 0) return 'IA volta na próxima mensagem';
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `IA volta em ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `IA volta em ${hours} h` : `IA volta em ${Math.round(hours / 24)} dias`;
}
