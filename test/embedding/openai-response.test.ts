// Parsing OpenAI-compatible embedding responses: order by index, both encodings, and strict validation.
import { describe, expect, it } from 'vitest';
import { encodeFloat32Base64 } from '../../src/embedding/float32-base64.ts';
import { vectorsFromEmbeddingResponse } from '../../src/embedding/openai-response.ts';
import { EmbeddingError } from '../../src/ports/embedder.ts';

const item = (index: unknown, embedding: unknown) => ({ object: 'embedding', index, embedding });

function invalid(body: unknown, count = 2, dimensions = 2): string {
  try {
    vectorsFromEmbeddingResponse(body, count, dimensions);
  } catch (error) {
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).category).toBe('embedding_invalid');
    return (error as EmbeddingError).message;
  }
  throw new Error('expected embedding_invalid');
}

describe('vectorsFromEmbeddingResponse', () => {
  it('places items by index and decodes base64 next to plain arrays', () => {
    const body = { data: [item(1, encodeFloat32Base64([0.5, -2])), item(0, [1, 2])] };
    expect(vectorsFromEmbeddingResponse(body, 2, 2)).toEqual([
      [1, 2],
      [0.5, -2],
    ]);
  });

  it('falls back to position when a server omits index', () => {
    expect(
      vectorsFromEmbeddingResponse({ data: [{ embedding: [1, 2] }, { embedding: [3, 4] }] }, 2, 2),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it.each([
    ['no data', {}],
    ['a null body', null],
    ['too few items', { data: [item(0, [1, 2])] }],
    ['a duplicate index', { data: [item(0, [1, 2]), item(0, [1, 2])] }],
    ['an out-of-range index', { data: [item(0, [1, 2]), item(2, [1, 2])] }],
    ['a fractional index', { data: [item(0, [1, 2]), item(0.5, [1, 2])] }],
    ['a short vector', { data: [item(0, [1, 2]), item(1, [1])] }],
    ['a null number', { data: [item(0, [1, 2]), item(1, [1, null])] }],
    ['truncated base64', { data: [item(0, [1, 2]), item(1, encodeFloat32Base64([1, 2]).slice(0, 8))] }],
    ['not base64', { data: [item(0, [1, 2]), item(1, '%%%')] }],
    ['base64 NaN', { data: [item(0, [1, 2]), item(1, encodeFloat32Base64([1, Number.NaN]))] }],
  ])('rejects %s', (_name, body) => {
    invalid(body);
  });
});
