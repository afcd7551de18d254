import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's field errors (ErrorBody.fieldErrors) under the matching fields of a form. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  for (const fieldError of error.fieldErrors) {
    const name = fieldNames.find((field) => field === fieldError.path);
    if (name) setError(name, { type: 'server', message: fieldError.message });
  }
}
