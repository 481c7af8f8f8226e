// The one configuration schema: the Node environment, the Worker's bindings and the embedder's variables share
// each setting's bounds, and a process parses its environment once.
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  EmbedderConfigError,
  embedderConfigFromEnv,
  extractorConfigOf,
  parseConfig,
  parseWorkerConfig,
  processConfig,
} from '../../src/config/index.ts';

const NEON = 'postgres://app:pw@ep-x.neon.tech/engram';
const fails = (parse: () => unknown) => {
  try {
    parse();
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return true;
  }
};

describe('one schema', () => {
  it.each([
    ['5', true],
    ['10', false],
    ['90000', false],
    ['120000', false],
    ['120001', true],
    ['1e3', true],
  ])(
    'ENGRAM_EMBED_TIMEOUT_MS=%s is judged the same on Node, on the Worker and by the embedder',
    (value, bad) => {
      const env = { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_TIMEOUT_MS: value };
      expect(fails(() => parseConfig(env))).toBe(bad);
      expect(fails(() => parseWorkerConfig({ ...env, DATABASE_URL: NEON }))).toBe(bad);
      expect(fails(() => embedderConfigFromEnv(env))).toBe(bad);
    },
  );

  it('defaults the embedder by runtime: local on Node, openai on the Worker', () => {
    expect(parseConfig({}).ENGRAM_EMBEDDER).toBe('local');
    expect(parseWorkerConfig({ DATABASE_URL: NEON, OPENAI_API_KEY: 'sk-x' }).embedder).toMatchObject({
      provider: 'openai',
    });
  });

  it('checks the embedder rules on Node at start too, naming the variable', () => {
    expect(() => parseConfig({ ENGRAM_EMBEDDER: 'openai' })).toThrow(/OPENAI_API_KEY: is required/);
    expect(() => embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'none' })).toThrow(EmbedderConfigError);
  });

  it('reads ENGRAM_CACHE_DIR and ENGRAM_DEBUG like every other setting', () => {
    expect(parseConfig({ ENGRAM_CACHE_DIR: ' /var/cache/engram ', ENGRAM_DEBUG: '1' })).toMatchObject({
      ENGRAM_CACHE_DIR: '/var/cache/engram',
      ENGRAM_DEBUG: true,
    });
    expect(parseConfig({ ENGRAM_DEBUG: '' }).ENGRAM_DEBUG).toBe(false);
  });
});

describe('the extractor settings', () => {
  it('map to what createExtractor takes, offline by default', () => {
    expect(extractorConfigOf(parseConfig({}))).toEqual({ provider: 'offline', timeoutMs: 8000 });
    expect(
      extractorConfigOf(
        parseConfig({ ENGRAM_EXTRACTOR: 'openai', ENGRAM_EXTRACT_BASE_URL: 'http://127.0.0.1:9/v1' }),
      ),
    ).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', output: 'json_schema', timeoutMs: 8000 });
    expect(() => parseConfig({ ENGRAM_EXTRACT_TIMEOUT_MS: '8s' })).toThrow(/ENGRAM_EXTRACT_TIMEOUT_MS/);
    expect(() => parseConfig({ ENGRAM_EXTRACTOR: 'openai' })).toThrow(/ENGRAM_EXTRACT_API_KEY: is required/);
  });
});

describe('processConfig', () => {
  it('parses the environment once per process and keeps it', () => {
    const first = processConfig();
    const saved = process.env.ENGRAM_REVOKED_RETENTION_DAYS;
    try {
      process.env.ENGRAM_REVOKED_RETENTION_DAYS = String(first.ENGRAM_REVOKED_RETENTION_DAYS + 1);
      expect(processConfig()).toBe(first);
    } finally {
      if (saved === undefined) delete process.env.ENGRAM_REVOKED_RETENTION_DAYS;
      else process.env.ENGRAM_REVOKED_RETENTION_DAYS = saved;
    }
  });
});
