import { AppError } from '@dum/core';
import type { z } from 'zod';

/** Parses a request part with its zod schema, or throws the catalogue's 400 with field details. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('validation_failed', { details: describeIssues(result.error) });
}

/**
 * Query strings are checked strictly: a parameter the endpoint does not take is a 400 rather
 * than silently ignored, so a typo in a client shows up at once.
 */
export function parseQuery<S extends z.ZodObject>(schema: S, value: unknown): z.infer<S> {
  const result = schema.strict().safeParse(value ?? {});
  if (result.success) return result.data as z.infer<S>;
  const unknownKeys = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys : [],
  );
  if (unknownKeys.length > 0) {
    throw new AppError('unknown_query_parameter', { details: { parameters: unknownKeys } });
  }
  throw new AppError('validation_failed', { details: describeIssues(result.error) });
}

function describeIssues(error: z.ZodError): Array<{ path: string; message: string }> {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
