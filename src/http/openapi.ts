// Small builders for route definitions: a JSON response of a contract schema, and the error answers every
// authenticated route documents. The schemas themselves live in src/contract.
import type { z } from 'zod';
import { ErrorSchema } from '../contract/index.ts';

/** A JSON body of `schema` (a response, or with `required: true` a request body). */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** The answers of an authenticated route that are not its own: bad input, bad or missing credentials, no right. */
export const errorResponses = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'Missing or bad credentials'),
  403: json(ErrorSchema, 'Not allowed'),
};
