import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Leaving the page with unsaved prompt changes asks first: a dialog for links inside the app, the
 * browser's own prompt for closing the tab or reloading.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Sair sem salvar?"
      description="Você tem alterações no prompt que ainda não foram salvas. Se sair agora, elas serão perdidas."
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Continuar editando
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Sair sem salvar
          </Button>
        </>
      }
    />
  );
}
