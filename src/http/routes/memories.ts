// Tenant routes for memories: remember (one and batch), list, get, revoke.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  BatchRequestSchema,
  BatchResponseSchema,
  ErrorSchema,
  IdempotencyHeaderSchema,
  IdParamSchema,
  ListQuerySchema,
  ListResponseSchema,
  MemoryInputSchema,
  MemoryWithChainSchema,
  RememberResponseSchema,
  RevokeBodySchema,
  RevokeResponseSchema,
} from '../../contract/index.ts';
import { toEnvelope } from '../../core/errors.ts';
import { listFilterOf, type MemoryService } from '../../services/memories.ts';
import { rememberAnswer } from '../../services/remember-answer.ts';
import type { AppEnv } from '../env.ts';
import { errorResponses, json } from '../openapi.ts';
import {
  batchRequestExample,
  batchResponseExample,
  listResponseExample,
  memoryInputExample,
  memoryWithChainExample,
  rememberResponseExample,
  revokeBodyExample,
  revokeResponseExample,
} from '../openapi-examples.ts';

export function registerMemoryRoutes(app: OpenAPIHono<AppEnv>, memories: MemoryService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/memories',
      summary: 'Remember one memory',
      description:
        'Stores one memory for a subject after the write gate (secrets, PII policy, duplicates) has checked it; needs the memories:write scope, and an end user writes only its own subject. A repeat with the same Idempotency-Key stores nothing twice; 422 rejected_by_gate lists the reasons.',
      request: {
        headers: IdempotencyHeaderSchema,
        body: { ...json(MemoryInputSchema, 'The memory', memoryInputExample), required: true },
      },
      responses: {
        201: json(RememberResponseSchema, 'Stored', rememberResponseExample),
        200: json(RememberResponseSchema, 'The same content already exists for this subject'),
        422: json(ErrorSchema, 'Rejected by the write gate'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const idempotencyKey = c.req.valid('header')['idempotency-key'];
      const answer = rememberAnswer(await memories.remember(c.get('principal'), input, { idempotencyKey }));
      if (answer.status === 422) throw answer.error;
      return c.json(answer.body, answer.status);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/memories/batch',
      summary: 'Remember up to 500 memories; one result per item, in order',
      description:
        'Runs every item through the same write gate as a single remember and stores the accepted ones in one transaction (set-based writes of 100 items, the next staged while the last is written); needs memories:write. The answer is 200 with a status per item (201, 200 duplicate, or 422 with the gate reasons); only a malformed batch fails as a whole (400).',
      request: {
        body: { ...json(BatchRequestSchema, 'The memories', batchRequestExample), required: true },
      },
      responses: {
        200: json(BatchResponseSchema, 'One result per item', batchResponseExample),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { items } = c.req.valid('json');
      const results = (await memories.rememberMany(c.get('principal'), items)).map((result) => {
        const answer = rememberAnswer(result);
        return answer.status === 422
          ? { status: 422 as const, ...toEnvelope(answer.error) }
          : { status: answer.status, ...answer.body };
      });
      return c.json({ results }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/memories',
      summary: 'List memories, newest first',
      description:
        'Pages through the live memories of the tenant, filtered by subject, kind, tag or source; `include` adds revoked, expired or superseded ones. Needs memories:read; an end user sees only its own subject. Pass `next_cursor` back as `cursor` for the next page.',
      request: { query: ListQuerySchema },
      responses: {
        200: json(ListResponseSchema, 'A page of memories', listResponseExample),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await memories.list(c.get('principal'), listFilterOf(c.req.valid('query'))), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/memories/{id}',
      summary: 'One memory with its supersession chain',
      description:
        'Reads one memory (also a revoked or superseded one) with the ids of its older and newer versions. Needs memories:read; a memory of another tenant or, for an end user, of another subject is a 404 like an unknown id.',
      request: { params: IdParamSchema },
      responses: {
        200: json(MemoryWithChainSchema, 'The memory', memoryWithChainExample),
        404: json(ErrorSchema, 'Not found'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await memories.get(c.get('principal'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/memories/{id}/revoke',
      summary: 'Revoke a memory (soft); recall never returns it again',
      description:
        'Marks a memory revoked with an optional reason kept in the audit trail; the row stays until retention purges it, and listing shows it only with include=revoked. Needs memories:write; an unknown id is a 404.',
      request: {
        params: IdParamSchema,
        body: { ...json(RevokeBodySchema, 'Why', revokeBodyExample), required: true },
      },
      responses: {
        200: json(RevokeResponseSchema, 'Revoked', revokeResponseExample),
        404: json(ErrorSchema, 'Not found'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const memory = await memories.revoke(
        c.get('principal'),
        c.req.valid('param').id,
        c.req.valid('json').reason,
      );
      return c.json({ memory }, 200);
    },
  );
}
