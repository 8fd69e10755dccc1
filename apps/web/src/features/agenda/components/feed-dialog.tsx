import type { AgendaProfessional } from '@vendai/contracts/agenda';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { GoogleCalendarLinks } from '@vendai/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api-client';
import { agendaKeys } from '@/lib/api/query-keys';

/**
 * 'Calendário no celular': each professional's private iCalendar link (docs/decisions/069-agenda.md), to
 * subscribe in Google Agenda, Apple Calendário or Outlook (a new link stops the old one), and
 * 'Conectar Google Agenda' (two-way sync, decision 070); when this server has no Google configured, why.
 */
export function FeedDialog({
  open,
  onOpenChange,
  professionals,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  professionals: AgendaProfessional[];
}) {
  const google = useQuery({
    queryKey: agendaKeys.google(),
    queryFn: () => api.get<GoogleCalendarLinks>('/api/agenda/google'),
    enabled: open,
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Calendário no celular"
      description="Assine este link no Google Agenda, no Calendário do iPhone ou no Outlook para ver os agendamentos lá. Quem tiver o link vê a agenda: gerar outro desativa o anterior."
    >
      <ul className="mt-4 space-y-5">
        {professionals.map((p) => (
          <FeedRow key={p.id} professional={p} google={google.data} />
        ))}
      </ul>
      {google.data && !google.data.configured ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-[13px] text-slate-700">
          A sincronização com o Google Agenda não está configurada neste servidor: quem administra o VendAI precisa
          informar GOOGLE_CALENDAR_CLIENT_ID e GOOGLE_CALENDAR_CLIENT_SECRET. Enquanto isso, use o link acima.
        </p>
      ) : null}
    </Dialog>
  );
}

function FeedRow({ professional, google }: { professional: AgendaProfessional; google?: GoogleCalendarLinks }) {
  const linked = google?.links.find((l) => l.professionalId === professional.id);
  const connect = useMutation({
    mutationFn: () => api.post<{ url: string }>(`/api/agenda/google/${professional.id}/connect`, {}),
    // Google's consent page; Google sends the browser back to /agenda?google=conectado.
    onSuccess: (r) => window.location.assign(r.url),
    onError: (err) => toast.error(err.message),
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.put<{ url: string }>(`/api/agenda/professionals/${professional.id}/feed`, {}),
    onSuccess: (r) => setUrl(r.url),
    onError: (err) => toast.error(err.message),
  });
  const id = `feed-${professional.id}`;
  return (
    <li className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{professional.name}</span>
        <Button variant="secondary" size="sm" disabled={create.isPending} onClick={() => create.mutate()}>
          {url ? 'Gerar outro link' : 'Gerar link'}
        </Button>
      </div>
      {url ? (
        <>
          <label htmlFor={id} className="sr-only">
            Link do calendário de {professional.name}
          </label>
          <Input id={id} readOnly value={url} onFocus={(e) => e.target.select()} />
        </>
      ) : null}
      {google?.configured ? (
        linked ? (
          <p className="text-[13px] text-slate-700">
            Google Agenda conectado: {linked.calendarId}
            {linked.lastError ? ` · ${linked.lastError}` : ''}
          </p>
        ) : (
          <Button variant="secondary" size="sm" disabled={connect.isPending} onClick={() => connect.mutate()}>
            Conectar Google Agenda
          </Button>
        )
      ) : null}
    </li>
  );
}
