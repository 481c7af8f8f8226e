// Tenant routes for forgetting: replace a memory, erase or export a subject.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ErrorSchema,
  IdParamSchema,
  ReplaceInputSchema,
  ReplaceResponseSchema,
  SubjectErasureSchema,
  SubjectParamSchema,
} from '../../contract/index.ts';
import type { ForgetService } from '../../services/forget.ts';
import type { AppEnv } from '../env.ts';
import { validationHook } from '../errors.ts';
import { errorResponses, json } from '../openapi.ts';
import {
  replaceInputExample,
  replaceResponseExample,
  subjectErasureExample,
  subjectExportExample,
} from '../openapi-examples.ts';

/** One memory per line; each line is the memory's JSON (the API shape). */
export function ndjsonStream(items: AsyncIterable<unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = items[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export function registerForgetRoutes(app: OpenAPIHono<AppEnv>, forget: ForgetService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/memories/{id}/replace',
      summary: 'Replace a live memory by a new version; the old one is superseded (linked both ways)',
      description:
        'Writes a new version of a live memory through the write gate, in the same subject; fields left out are taken from the old version. Needs memories:write (an end user only for its own subject); 409 when the memory is revoked, superseded or expired, 422 when the gate rejects the new content.',
      request: {
        params: IdParamSchema,
        body: {
          ...json(ReplaceInputSchema, 'The new content and any fields to change', replaceInputExample),
          required: true,
        },
      },
      responses: {
        201: json(ReplaceResponseSchema, 'Replaced', replaceResponseExample),
        404: json(ErrorSchema, 'Not found'),
        409: json(ErrorSchema, 'Revoked, superseded or expired; or the content is already live'),
        422: json(ErrorSchema, 'Rejected by the write gate'),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(await forget.replace(c.get('principal'), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/subjects/{subject}',
      summary: 'Erase a subject: hard-delete its memories and vectors, redact its audit trail',
      description:
        'Right to erasure: permanently deletes every memory and vector of the subject and redacts the subject and reasons in its audit events; the answer counts what was erased. Needs memories:write (an end user may erase only its own subject); erasing a subject with no memories is a 200 with zero counts.',
      request: { params: SubjectParamSchema },
      responses: {
        200: json(SubjectErasureSchema, 'Erased; the receipt is an audit event', subjectErasureExample),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await forget.eraseSubject(c.get('principal'), c.req.valid('param').subject), 200),
  );

  // Documented in the OpenAPI registry and served by a plain handler: zod-openapi types only JSON and text
  // responses, and this one is a stream of JSON lines.
  app.openAPIRegistry.registerPath(
    createRoute({
      method: 'get',
      path: '/subjects/{subject}/export',
      summary: "Export a subject's memories as JSON lines: every version, oldest first",
      description:
        'Right of access: streams every memory of the subject (revoked and superseded versions too) as one JSON object per line, never cached. Needs memories:read; an end user may export only its own subject.',
      request: { params: SubjectParamSchema },
      responses: {
        200: {
          content: { 'application/x-ndjson': { schema: z.string(), example: subjectExportExample } },
          description: 'One memory per line (revoked and superseded versions included, expired ones not)',
        },
        ...errorResponses,
      },
    }),
  );
  app.get('/subjects/:subject/export', async (c) => {
    const params = SubjectParamSchema.safeParse(c.req.param());
    // The app's validation hook throws the one invalid_request envelope when parsing failed.
    if (!params.success) validationHook({ success: false, error: params.error, target: 'param' });
    const memories = await forget.exportSubject(c.get('principal'), params.data!.subject);
    return c.body(ndjsonStream(memories), 200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      // A subject's memories are personal data: never kept by a shared cache.
      'cache-control': 'no-store',
    });
  });
}
