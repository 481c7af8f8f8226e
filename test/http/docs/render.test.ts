// The API docs renderer: type labels, nested fields, escaping of everything taken from the document.
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderApiDocs, renderSchema, typeLabel } from '../../../src/http/docs/render.ts';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Engram', version: '1.0.0', description: 'Memory <b>for</b> agents.' },
  components: { schemas: { Tag: { type: 'string', maxLength: 64 } } },
  paths: {
    '/v1/things/{id}': {
      get: {
        summary: 'One <thing>',
        description: 'Reads one thing; 404 when <absent>.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: {
            description: 'The thing',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: {
                    id: { type: 'string', format: 'uuid' },
                    tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
                    owner: { type: 'object', properties: { name: { type: ['string', 'null'] } } },
                    '<script>': { type: 'string', description: '"quoted" & <tagged>' },
                  },
                },
                example: { id: '3f1c2a9e-5b7d-4c1e-9a2f-6d8b0e4c7a11', tags: ['<b>'] },
              },
            },
          },
          404: { description: 'Not found' },
        },
      },
    },
    '/v1/things': {
      post: {
        summary: 'Create',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { n: { type: 'integer', minimum: 0, maximum: 3, default: 1 } },
              },
            },
          },
        },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
};

describe('typeLabel', () => {
  it('names types with formats, ranges, enums, unions, arrays and references', () => {
    expect(typeLabel({ type: 'string', format: 'uuid' }, doc)).toBe('string (uuid)');
    expect(typeLabel({ type: 'integer', minimum: 0, maximum: 3, default: 1 }, doc)).toBe(
      'integer (0..3, default 1)',
    );
    expect(typeLabel({ type: 'string', minLength: 1, maxLength: 8000 }, doc)).toBe('string (1..8000 chars)');
    expect(typeLabel({ type: 'string', enum: ['a', 'b'] }, doc)).toBe('"a" | "b"');
    expect(typeLabel({ type: ['string', 'null'] }, doc)).toBe('string | null');
    expect(typeLabel({ anyOf: [{ type: 'number' }, { type: 'null' }] }, doc)).toBe('number | null');
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Tag' }, maxItems: 32 }, doc)).toBe(
      'array of string (..64 chars) (..32 items)',
    );
  });
});

describe('renderSchema and renderApiDocs', () => {
  it('lists nested fields with required markers', () => {
    const html = renderSchema(
      doc.paths['/v1/things/{id}'].get.responses[200].content['application/json'].schema,
      doc,
    );
    expect(html).toContain(
      '<span class="field">id</span> <span class="type">string (uuid)</span> <span class="req">required</span>',
    );
    expect(html).toContain('<span class="field">name</span> <span class="type">string | null</span>');
  });

  it('renders every operation with its method, summary and parameters, escaping the document', () => {
    const page = renderApiDocs(doc, '/inspect/app.css');
    expect(page).toContain('<span class="method get">GET</span><span class="mono">/v1/things/{id}</span>');
    expect(page).toContain('<span class="method post">POST</span><span class="mono">/v1/things</span>');
    expect(page).toContain('One &#60;thing&#62;');
    expect(page).toContain('Memory &#60;b&#62;for&#60;/b&#62; agents.');
    expect(page).toContain('&#34;quoted&#34; &#38; &#60;tagged&#62;');
    expect(page).not.toMatch(/<script|<b>|<thing>/);
    expect(page).toContain('<link rel="stylesheet" href="/inspect/app.css">');
    expect(page.indexOf('/v1/things<')).toBeLessThan(page.indexOf('/v1/things/{id}<'));
    expect(page).toContain('<p class="muted">Reads one thing; 404 when &#60;absent&#62;.</p>');
    expect(page).toContain('<pre>{\n  &#34;id&#34;: &#34;3f1c2a9e-5b7d-4c1e-9a2f-6d8b0e4c7a11&#34;');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });
});
