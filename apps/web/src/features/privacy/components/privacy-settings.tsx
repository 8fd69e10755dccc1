import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useExportData, usePrivacySummary } from '../api/privacy';
import { DeleteAccountDialog } from './delete-account-dialog';

/** 'Seus dados' on /settings: how long media is kept, 'Exportar meus dados' and 'Excluir minha conta' (decision 031). */
export function PrivacySettings() {
  const summary = usePrivacySummary();
  const exportData = useExportData();
  const [deleting, setDeleting] = useState(false);
  const exportError = exportData.error
    ? exportData.error instanceof ApiError
      ? exportData.error.message
      : 'Não foi possível exportar agora. Tente novamente.'
    : null;

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
      aria-labelledby="privacy-title"
    >
      <h2 id="privacy-title" className="font-semibold text-slate-900">
        Seus dados
      </h2>
      <p className="mt-2 text-sm text-slate-600" data-testid="media-retention">
        {summary.data ? (
          <>
            Fotos, áudios, vídeos e documentos das conversas ficam guardados por{' '}
            <strong className="text-slate-900">{summary.data.mediaRetentionDays} dias</strong>; depois disso os arquivos
            são apagados e a mensagem fica como “mídia indisponível”.
          </>
        ) : summary.isError ? (
          'Não foi possível carregar o prazo de guarda das mídias.'
        ) : (
          <Spinner label="Carregando..." />
        )}
      </p>
      <div className="mt-5 grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Exportar meus dados</h3>
          <p className="mt-1 text-sm text-slate-600">
            Um arquivo .zip com sua conta, números, agentes, versões do prompt, conversas, mensagens e a lista de mídias
            (JSON e CSV).
          </p>
          <Button
            className="mt-3"
            variant="secondary"
            onClick={() => exportData.mutate()}
            disabled={exportData.isPending}
          >
            {exportData.isPending ? (
              <Spinner label="Preparando o arquivo..." />
            ) : (
              <>
                <Download aria-hidden /> Exportar meus dados
              </>
            )}
          </Button>
          {exportError ? (
            <Alert tone="error" className="mt-3">
              {exportError}
            </Alert>
          ) : null}
        </div>
        <div className="rounded-xl border border-red-200 bg-red-50/40 p-4">
          <h3 className="text-sm font-semibold text-red-800">Excluir minha conta</h3>
          <p className="mt-1 text-sm text-slate-600">
            Desconecta seus números, cancela a assinatura e apaga todos os dados da conta. Não pode ser desfeito.
          </p>
          <Button className="mt-3" variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Excluir minha conta
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}
