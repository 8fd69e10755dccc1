import { Button } from './button';

/** A form's end: its error (when the server refused it) and its submit button, which says it is saving. */
export function FormSubmit({ error, pending, label }: { error?: string | null; pending: boolean; label: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? 'Salvando...' : label}
      </Button>
    </>
  );
}
