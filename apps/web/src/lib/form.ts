import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
  type UseFormSetFocus,
} from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shared wiring for the react-hook-form forms (every form validates with the contracts' zod schema
 * through zodResolver). Errors show after a submit; typing in a field clears that field's message,
 * and the next submit validates again (`reValidateMode: 'onSubmit'`).
 */
export const FORM_OPTIONS = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: true } as const;

/** Where a form-level (not field) error lives: `errors.root.server`. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * Puts the server's `{error:{fields}}` messages on the matching inputs, focusing the first one.
 * Returns false when the error names none of `names` (the caller shows it as a form error).
 */
export function setServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError)) return false;
  const matching = names.filter((name) => err.fields[name]);
  matching.forEach((name, i) =>
    setError(name, { type: 'server', message: err.fields[name] }, { shouldFocus: i === 0 }),
  );
  return matching.length > 0;
}

/**
 * For forms with a <Controller> field: focuses the first field with an error in the form's visual
 * `order` (react-hook-form's own focus follows registration order, where a Controller comes after
 * the inputs registered by its parent). Use with `shouldFocusError: false`, as handleSubmit's onInvalid.
 */
export function focusFirstError<T extends FieldValues>(order: readonly Path<T>[], setFocus: UseFormSetFocus<T>) {
  return (errors: FieldErrors<T>) => {
    const first = order.find((name) => get(errors, name));
    if (first) setFocus(first);
  };
}

/** aria-invalid and aria-describedby for an input whose message is rendered by <Field id={id}> as `${id}-error`. */
export function fieldAria(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}
