// Worker configuration from bindings: defaults, driver choice, numbers given as numbers, and every bad binding
// named (never its value) in one error.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseWorkerConfig } from '../../src/config/index.ts';

const NEON = 'postgres://app:pw@ep-x.neon.tech/engram';

function issuesOf(env: Record<string, unknown>): string[] {
  try {
    parseWorkerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a configuration error');
}

describe('parseWorkerConfig', () => {
  it('reads the wrangler.toml defaults plus the secrets', () => {
    const config = parseWorkerConfig({
      DATABASE_URL: NEON,
      OPENAI_API_KEY: 'sk-live',
      ENGRAM_ADMIN_KEY: 'operator-key-0123456789',
      ENGRAM_EMBED_TIMEOUT_MS: '1500',
    });
    expect(config.settings).toMatchObject({
      DATABASE_URL: NEON,
      ENGRAM_ADMIN_KEY: 'operator-key-0123456789',
      ENGRAM_DB_ROLE: 'engram_app',
      ENGRAM_EMBEDDER: 'openai',
      ENGRAM_JOB_BUDGET_MS: 25_000,
      ENGRAM_JOB_BATCH_SIZE: 100,
      ENGRAM_REVOKED_RETENTION_DAYS: 30,
    });
    expect(config.settings.HYPERDRIVE).toBeUndefined();
    expect(config.embedder).toMatchObject({ provider: 'openai', apiKey: 'sk-live', timeoutMs: 1500 });
  });

  it('accepts vars declared as numbers and treats empty vars as unset', () => {
    const config = parseWorkerConfig({
      DATABASE_URL: NEON,
      ENGRAM_EMBEDDER: 'fake',
      ENGRAM_EMBED_TIMEOUT_MS: 900,
      ENGRAM_JOB_BATCH_SIZE: 25,
      ENGRAM_ADMIN_KEY: '',
    });
    expect(config.embedder).toEqual({ provider: 'fake', dimensions: 64, timeoutMs: 900 });
    expect(config.settings.ENGRAM_JOB_BATCH_SIZE).toBe(25);
    expect(config.settings.ENGRAM_ADMIN_KEY).toBeUndefined();
  });

  it('takes the Hyperdrive binding instead of DATABASE_URL, and ignores non-scalar bindings as vars', () => {
    const hyperdrive = { connectionString: 'postgresql://u:p@hyperdrive.local:5432/db', connect() {} };
    const config = parseWorkerConfig({ HYPERDRIVE: hyperdrive, ENGRAM_EMBEDDER: 'none', AI: { run() {} } });
    expect(config.settings.HYPERDRIVE?.connectionString).toBe(hyperdrive.connectionString);
    expect(config.settings.DATABASE_URL).toBeUndefined();
    expect(config.embedder).toBeNull();
  });

  it('reads workers-ai with its default model, and needs the AI binding for it', () => {
    const config = parseWorkerConfig({ DATABASE_URL: NEON, ENGRAM_EMBEDDER: 'workers-ai', AI: { run() {} } });
    expect(config.embedder).toMatchObject({ provider: 'workers-ai', model: '@cf/baai/bge-small-en-v1.5' });
    expect(issuesOf({ DATABASE_URL: NEON, ENGRAM_EMBEDDER: 'workers-ai' })).toEqual([
      'ENGRAM_EMBEDDER: workers-ai needs the AI binding ([ai] binding = "AI" in wrangler.toml)',
    ]);
  });

  it('needs a database', () => {
    expect(issuesOf({ ENGRAM_EMBEDDER: 'none' })).toEqual([
      'DATABASE_URL: set the DATABASE_URL secret or bind HYPERDRIVE',
    ]);
  });

  it('refuses the Node-only local embedder with a message that says what to use', () => {
    expect(issuesOf({ DATABASE_URL: NEON, ENGRAM_EMBEDDER: 'local' })).toEqual([
      'ENGRAM_EMBEDDER: local runs only in the Node server; use openai or workers-ai',
    ]);
  });

  it('lists every bad binding at once, by name, without echoing values', () => {
    const secretish = 'mysql://root:hunter2@db';
    const issues = issuesOf({
      DATABASE_URL: secretish,
      ENGRAM_ADMIN_KEY: 'short',
      ENGRAM_JOB_BUDGET_MS: '12ms',
      ENGRAM_NEON_WS_PROXY: 'ws://127.0.0.1:8080/v2',
      SUPABASE_JWT_SECRET: 'too-short-to-be-safe',
      // OpenAI without a key: the embedder part is checked even though other bindings failed.
    });
    const fields = issues.map((issue) => issue.split(':')[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'ENGRAM_ADMIN_KEY',
        'ENGRAM_JOB_BUDGET_MS',
        'ENGRAM_NEON_WS_PROXY',
        'SUPABASE_JWT_SECRET',
        // The embedder's settings are part of the one schema: their issues name the variable like any other.
        'OPENAI_API_KEY',
      ]),
    );
    expect(issues.join('\n')).toContain('OPENAI_API_KEY: is required for api.openai.com');
    expect(issues.join('\n')).not.toContain('hunter2');
    expect(issues.join('\n')).not.toContain('short');
    expect(issues.join('\n')).not.toContain('too-short-to-be-safe');
  });
});
