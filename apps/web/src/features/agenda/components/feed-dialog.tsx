import type { AgendaProfessional } from '@vendai/contracts/agenda';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api-client';

/**
 * 'Calendário no celular': each professional's private iCalendar link (docs/decisions/069-agenda.md), to
 * subscribe in Google Agenda, Apple Calendário or Outlook. A new link stops the old one.
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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Calendário no celular"
      description="Assine este link no Google Agenda, no Calendário do iPhone ou no Outlook para ver os agendamentos lá. Quem tiver o link vê a agenda: gerar outro desativa o anterior."
    >
      <ul className="mt-4 space-y-4">
        {professionals.map((p) => (
          <FeedRow key={p.id} professional={p} />
        ))}
      </ul>
    </Dialog>
  );
}

function FeedRow({ professional }: { professional: AgendaProfessional }) {
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
    </li>
  );
}
