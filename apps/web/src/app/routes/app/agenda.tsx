import { AgendaPage } from '@/features/agenda/components/agenda-page';

/** /agenda: 'Agenda' (docs/decisions/069-agenda.md). */
export function Component() {
  return <AgendaPage />;
}
