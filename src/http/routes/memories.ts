// Routes for memories: remember (one and batch), list, get, revoke.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError, toEnvelope } from '../../core/errors.ts';
import { MemoryInputSchema, MemorySchema } from '../../core/schemas.ts';
import { decodeCursor, type MemoryService, type RememberResult } from '../../services/memories.ts';
import type { AppEnv } from '../env.ts';
import {
  BatchRequestSchema,
  BatchResponseSchema,
  ErrorSchema,
  IdParamSchema,
  ListQuerySchema,
  ListResponseSchema,
  MemoryWithChainSchema,
  RememberResponseSchema,
  RevokeBodySchema,
} from '../schemas.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
const errors = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'Missing or bad credentials'),
  403: json(ErrorSchema, 'Not allowed'),
};

const IdempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** The HTTP body of one remember result (shared by the single and the batch endpoint). */
export function rememberBody(result: RememberResult) {
  switch (result.decision) {
    case 'accepted':
      return {
        status: 201 as const,
        body: {
          memory: result.memory,
          gate: {
            decision: 'accepted' as const,
            trust: result.trust,
            flags: result.flags,
            superseded: result.superseded,
          },
        },
      };
    case 'duplicate':
      return {
        status: 200 as const,
        body: { memory: result.memory, gate: { decision: 'duplicate' as const } },
      };
    case 'rejected':
      return {
        status: 422 as const,
        error: new AppError('rejected_by_gate', 'rejected by the write gate', { reasons: result.reasons }),
      };
  }
}

export function registerMemoryRoutes(app: OpenAPIHono<AppEnv>, memories: MemoryService): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/memories',
      summary: 'Remember one memory',
      request: {
        headers: IdempotencyHeaderSchema,
        body: { ...json(MemoryInputSchema, 'The memory'), required: true },
      },
      responses: {
        201: json(RememberResponseSchema, 'Stored'),
        200: json(RememberResponseSchema, 'The same content already exists for this subject'),
        422: json(ErrorSchema, 'Rejected by the write gate'),
        ...errors,
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const idempotencyKey = c.req.valid('header')['idempotency-key'];
      const result = rememberBody(await memories.remember(c.get('principal'), input, { idempotencyKey }));
      if (result.status === 422) throw result.error;
      return c.json(result.body, result.status);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/memories/batch',
      summary: 'Remember up to 500 memories; one result per item, in order',
      request: { body: { ...json(BatchRequestSchema, 'The memories'), required: true } },
      responses: { 200: json(BatchResponseSchema, 'One result per item'), ...errors },
    }),
    async (c) => {
      const { items } = c.req.valid('json');
      const results = (await memories.rememberMany(c.get('principal'), items)).map((r) => {
        const out = rememberBody(r);
        return out.status === 422
          ? { status: 422 as const, ...toEnvelope(out.error) }
          : { status: out.status, ...out.body };
      });
      return c.json({ results }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/memories',
      summary: 'List memories, newest first',
      request: { query: ListQuerySchema },
      responses: { 200: json(ListResponseSchema, 'A page of memories'), ...errors },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const include = new Set(query.include?.split(',') ?? []);
      const page = await memories.list(c.get('principal'), {
        subject: query.subject,
        kind: query.kind,
        tag: query.tag,
        sourceUri: query.source_uri,
        includeRevoked: include.has('revoked'),
        includeExpired: include.has('expired'),
        includeSuperseded: include.has('superseded'),
        limit: query.limit,
        cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
      });
      return c.json(page, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/memories/{id}',
      summary: 'One memory with its supersession chain',
      request: { params: IdParamSchema },
      responses: {
        200: json(MemoryWithChainSchema, 'The memory'),
        404: json(ErrorSchema, 'Not found'),
        ...errors,
      },
    }),
    async (c) => c.json(await memories.get(c.get('principal'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/memories/{id}/revoke',
      summary: 'Revoke a memory (soft); recall never returns it again',
      request: { params: IdParamSchema, body: { ...json(RevokeBodySchema, 'Why'), required: true } },
      responses: {
        200: json(z.object({ memory: MemorySchema }), 'Revoked'),
        404: json(ErrorSchema, 'Not found'),
        ...errors,
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
