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

export function registerMemoryRoutes(app: OpenAPIHono<AppEnv>, memories: MemoryService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/memories',
      summary: 'Remember one memory',
      request: {
        headers: IdempotencyHeaderSchema,
        body: { ...json(MemoryInputSchema, 'The memory'), required: true },
      },
      responses: {
        201: json(RememberResponseSchema, 'Stored'),
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
      request: { body: { ...json(BatchRequestSchema, 'The memories'), required: true } },
      responses: { 200: json(BatchResponseSchema, 'One result per item'), ...errorResponses },
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
      request: { query: ListQuerySchema },
      responses: { 200: json(ListResponseSchema, 'A page of memories'), ...errorResponses },
    }),
    async (c) => c.json(await memories.list(c.get('principal'), listFilterOf(c.req.valid('query'))), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/memories/{id}',
      summary: 'One memory with its supersession chain',
      request: { params: IdParamSchema },
      responses: {
        200: json(MemoryWithChainSchema, 'The memory'),
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
      request: { params: IdParamSchema, body: { ...json(RevokeBodySchema, 'Why'), required: true } },
      responses: {
        200: json(RevokeResponseSchema, 'Revoked'),
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
