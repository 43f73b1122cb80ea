import type { z } from 'zod';

/** Formats zod issues as `path.to.field: message; …`, prefixed with where the value was. */
export function zodDetail(error: z.ZodError, where: string): string {
  return error.issues
    .map(
      (issue) =>
        `${[where, ...issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))].join('').replaceAll('.[', '[')}: ${issue.message}`,
    )
    .join('; ');
}
