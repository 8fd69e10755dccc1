import { formatPhone } from '@vendai/contracts/phone';
import type { FunnelCard } from '@vendai/contracts/funnel';

/** The customer's name, else the number, else 'Contato'. */
export function cardName(card: Pick<FunnelCard, 'contactName' | 'contactPhone'>): string {
  return card.contactName?.trim() || (card.contactPhone ? formatPhone(card.contactPhone) : 'Contato');
}

/** When the last message was: 'agora', '14:32' today, 'ontem', else '12/03' (this year) or '12/03/25'. */
export function lastMessageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const minutes = (now.getTime() - at.getTime()) / 60_000;
  if (minutes < 1) return 'agora';
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(at)) / 86_400_000);
  if (days === 0) return at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  if (days === 1) return 'ontem';
  return at.toLocaleDateString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: '2-digit' }),
  });
}
