// Embedder configuration from environment variables: defaults, and failing fast on bad values.
import { describe, expect, it } from 'vitest';
import { EmbedderConfigError, embedderConfigFromEnv } from '../../src/config/index.ts';
import { LOCAL_MODELS, localModelOf } from '../../src/embedding/local-models.ts';

function configError(env: Record<string, string>): EmbedderConfigError {
  try {
    embedderConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EmbedderConfigError);
    return error as EmbedderConfigError;
  }
  throw new Error('expected a configuration error');
}

describe('embedderConfigFromEnv', () => {
  it('defaults to the local embedder with a 1500 ms budget', () => {
    expect(embedderConfigFromEnv({})).toEqual({ provider: 'local', timeoutMs: 1500 });
  });

  it('reads an OpenAI setup', () => {
    expect(
      embedderConfigFromEnv({
        ENGRAM_EMBEDDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        ENGRAM_EMBED_DIMENSIONS: '512',
        ENGRAM_EMBED_TIMEOUT_MS: ' 800 ',
      }),
    ).toEqual({
      provider: 'openai',
      apiKey: 'sk-test',
      model: 'text-embedding-3-small',
      dimensions: 512,
      batchSize: 96,
      timeoutMs: 800,
    });
  });

  it('accepts a keyless OpenAI-compatible server when the model size is given', () => {
    const config = embedderConfigFromEnv({
      ENGRAM_EMBEDDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      ENGRAM_EMBED_MODEL: 'nomic-embed-text',
      ENGRAM_EMBED_DIMENSIONS: '768',
      OPENAI_API_KEY: '',
    });
    expect(config).toMatchObject({
      provider: 'openai',
      baseURL: 'http://127.0.0.1:11434/v1',
      dimensions: 768,
    });
    expect(config).not.toHaveProperty('apiKey', expect.anything());
  });

  it('requires a key for api.openai.com', () => {
    expect(configError({ ENGRAM_EMBEDDER: 'openai' }).message).toContain('OPENAI_API_KEY');
  });

  it('requires dimensions for a model of unknown size', () => {
    const error = configError({
      ENGRAM_EMBEDDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      ENGRAM_EMBED_MODEL: 'bge-m3',
    });
    expect(error.message).toContain('ENGRAM_EMBED_DIMENSIONS');
    expect(configError({ ENGRAM_EMBEDDER: 'workers-ai', ENGRAM_EMBED_MODEL: '@cf/x/y' }).message).toContain(
      'ENGRAM_EMBED_DIMENSIONS',
    );
  });

  it('defaults Workers AI to bge-small and the fake to 64 dimensions, ignoring a stray model for the fake', () => {
    expect(embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'workers-ai' })).toEqual({
      provider: 'workers-ai',
      model: '@cf/baai/bge-small-en-v1.5',
      timeoutMs: 1500,
    });
    expect(embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_MODEL: 'x' })).toEqual({
      provider: 'fake',
      dimensions: 64,
      timeoutMs: 1500,
    });
  });

  it.each([
    ['ENGRAM_EMBEDDER', { ENGRAM_EMBEDDER: 'cohere' }],
    ['ENGRAM_EMBED_MODEL', { ENGRAM_EMBEDDER: 'local', ENGRAM_EMBED_MODEL: 'bge-small' }],
    ['ENGRAM_EMBED_DIMENSIONS', { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '0' }],
    ['ENGRAM_EMBED_DIMENSIONS', { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '1e3' }],
    ['ENGRAM_EMBED_DIMENSIONS', { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '-5' }],
    ['ENGRAM_EMBED_TIMEOUT_MS', { ENGRAM_EMBED_TIMEOUT_MS: '1.5s' }],
    ['ENGRAM_EMBED_TIMEOUT_MS', { ENGRAM_EMBED_TIMEOUT_MS: '0' }],
    ['OPENAI_BASE_URL', { ENGRAM_EMBEDDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' }],
    [
      'ENGRAM_EMBED_BATCH_SIZE',
      { ENGRAM_EMBEDDER: 'openai', OPENAI_API_KEY: 'k', ENGRAM_EMBED_BATCH_SIZE: '5000' },
    ],
  ])('rejects a bad %s', (name, env) => {
    expect(configError(env).message).toContain(name);
  });

  it('names the offline models ENGRAM_EMBEDDER=local runs; the blend by default', () => {
    const config = embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'local' });
    expect(localModelOf(config.provider === 'local' ? config.model : 'x')).toBe('use-lite+wink-sif');
    for (const name of LOCAL_MODELS)
      expect(embedderConfigFromEnv({ ENGRAM_EMBEDDER: 'local', ENGRAM_EMBED_MODEL: name })).toMatchObject({
        provider: 'local',
        model: name,
      });
  });

  it('never puts the key in its error message', () => {
    const error = configError({
      ENGRAM_EMBEDDER: 'openai',
      OPENAI_API_KEY: 'sk-very-secret',
      ENGRAM_EMBED_TIMEOUT_MS: 'x',
    });
    expect(error.message).not.toContain('sk-very-secret');
  });
});
