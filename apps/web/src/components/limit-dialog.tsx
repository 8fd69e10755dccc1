import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';

/** The shared 'limit reached' dialog (docs/product/limits.md): 'Voltar' and 'Ver Planos' (to /pricing). */
export function LimitDialog({
  open,
  onOpenChange,
  title = 'Limite do plano atingido',
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description: string;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Voltar
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              void navigate(paths.pricing.getHref());
            }}
          >
            Ver Planos
          </Button>
        </>
      }
    />
  );
}
