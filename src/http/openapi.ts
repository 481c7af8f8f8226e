// Small builders for route definitions: a JSON response of a contract schema, and the error answers every
// authenticated route documents. The schemas themselves live in src/contract; the examples in openapi-examples.ts.
import type { z } from 'zod';
import { ErrorSchema } from '../contract/index.ts';

/**
 * A JSON body of `schema` (a response, or with `required: true` a request body), with an optional example that
 * /docs shows. The example is typed by the schema (its input or output), so it cannot drift from the contract.
 */
export const json = <T extends z.ZodType>(
  schema: T,
  description: string,
  example?: z.input<T> | z.output<T>,
) => ({
  content: { 'application/json': example === undefined ? { schema } : { schema, example } },
  description,
});

/** The answers of an authenticated route that are not its own: bad input, bad or missing credentials, no right. */
export const errorResponses = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'Missing or bad credentials'),
  403: json(ErrorSchema, 'Not allowed'),
};
