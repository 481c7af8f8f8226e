// Every operation of the OpenAPI document (what /docs renders) tells a reader what it does and shows a payload:
// a non-empty description, and an example in its request body or in a 2xx response (issue 16 item 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface MediaType {
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface Operation {
  description?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const hasExample = (content: Record<string, MediaType> | undefined) =>
  Object.values(content ?? {}).some(
    (media) => media.example !== undefined || Object.keys(media.examples ?? {}).length > 0,
  );

describe('OpenAPI docs', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await migratedPglite();
    h = await createHarness(database);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('give every operation a description and an example', async () => {
    const document = (await (await h.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) =>
        item[method] ? [{ name: `${method.toUpperCase()} ${path}`, op: item[method] }] : [],
      ),
    );
    expect(operations.length).toBeGreaterThan(10);
    const undescribed = operations.filter(({ op }) => !op.description?.trim()).map(({ name }) => name);
    const withoutExample = operations
      .filter(
        ({ op }) =>
          !hasExample(op.requestBody?.content) &&
          !Object.entries(op.responses ?? {}).some(
            ([status, r]) => /^2/.test(status) && hasExample(r.content),
          ),
      )
      .map(({ name }) => name);
    expect(undescribed).toEqual([]);
    expect(withoutExample).toEqual([]);
    // The page renders them: one description paragraph and at least one example block per operation.
    const page = await (await h.call('GET', '/docs')).text();
    expect(page.split('<pre>').length - 1).toBeGreaterThanOrEqual(operations.length);
  });
});
