// Every `pattern` of the OpenAPI document is a regular expression a validator can use as written (JSON Schema
// patterns carry no flags): the subject and tag rule accepts real subjects and refuses control characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

function patternsOf(node: unknown, at: string, out: { at: string; pattern: string }[]) {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) patternsOf(child, `${at}/${i}`, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.push({ at, pattern: value });
      else patternsOf(value, `${at}/${key}`, out);
    }
  }
  return out;
}

describe('OpenAPI patterns', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await migratedPglite();
    h = await createHarness(database);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('compile without flags, and the subject rule means what the server enforces', async () => {
    const document = await (await h.call('GET', '/openapi.json')).json();
    const patterns = patternsOf(document, '', []);
    for (const { pattern } of patterns) expect(() => new RegExp(pattern)).not.toThrow();
    const subject = patterns.find((p) => p.at.endsWith('/subject'));
    expect(subject).toBeDefined();
    const rule = new RegExp(subject!.pattern);
    for (const good of ['user-42', '李雷', 'ada@example.com', 'p{Cc}']) expect(rule.test(good)).toBe(true);
    for (const bad of ['a\u0007b', 'tab\there', 'next\u0085line']) expect(rule.test(bad)).toBe(false);
  });
});
