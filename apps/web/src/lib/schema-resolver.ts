import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** The part of a zod schema the resolver needs (the shared package owns zod). */
type SafeParser<T> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * Validates a react-hook-form with a shared schema; the first message per field is shown. The
 * submit handler receives what the schema parsed: `Parsed`, the schema's output (its z.output
 * type), when it differs from the form's own texts `T`.
 */
export const schemaResolver =
  <T extends FieldValues, Parsed = T>(schema: SafeParser<unknown>): Resolver<T, unknown, Parsed> =>
  async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as Parsed, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'root';
      if (!errors[key]) errors[key] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
