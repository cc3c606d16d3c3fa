import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../core/codegen/openapi.js';
import { loadSchemaProject } from '../../core/codegen/project-schemas.js';
import { copySampleSite, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

type Operation = {
  operationId: string;
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const TOKEN = 'openapi-test-token-0123456789abcdef0123456789';
const ENV = { CMS_API_TOKEN: TOKEN, CMS_JWT_SECRET: 'openapi-test-jwt-secret-0123456789abcdef', CMS_API_TOKEN_SALT: 'openapi-test-salt' };
const { models, config } = await loadSchemaProject(REPO_ROOT);
const document = openApiDocument(models, config) as unknown as Document;

/** The document's schemas under `$defs`, so ajv resolves its `#/components/schemas/…` references. */
function responseValidator(): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const rewrite = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('#/components/schemas/', 'openapi#/$defs/'));
  ajv.addSchema({ $id: 'openapi', $defs: rewrite(document.components.schemas) as Record<string, unknown> });
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) compiled.set(key, ajv.compile(rewrite(schema) as object));
    return compiled.get(key)!;
  };
}

describe('cms openapi', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as unknown as object);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a summary, and every operation that can fail its 4xx answers', () => {
    const operations = Object.values(document.paths)
      .flatMap((item) => Object.entries(item).filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method)))
      .map(([, operation]) => operation as Operation & { summary?: string });
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => !operation.summary).map((operation) => operation.operationId)).toEqual([]);
    const without4xx = operations.filter((operation) => !Object.keys(operation.responses).some((status) => status.startsWith('4')));
    expect(without4xx.map((operation) => operation.operationId).sort()).toEqual(['health', 'openapi']);
  });

  it('types filters, sort, fields and populate per content type, with the model\'s own names', () => {
    const find = document.paths['/api/articles'].get.parameters as { name: string; schema: unknown }[];
    const schemaOf = (name: string) => find.find((parameter) => parameter.name === name)?.schema;
    expect(schemaOf('filters')).toEqual({ $ref: '#/components/schemas/ArticleFilters' });
    expect(schemaOf('populate')).toEqual({ $ref: '#/components/schemas/ArticlePopulate' });
    const schemas = document.components.schemas as Record<string, any>;
    expect(schemas.ArticleFilters.properties.author).toEqual({ $ref: '#/components/schemas/AuthorFilters' });
    expect(schemas.ArticleSort.anyOf[0].enum).toEqual(expect.arrayContaining(['title', 'title:asc', 'title:desc']));
    expect(schemas.AuthorFields.anyOf[0].enum).not.toContain('secretNote'); // private fields are refused by the API
    expect(schemas.FilterText.properties).toHaveProperty('$containsi');
  });

  it('is deterministic', () => {
    expect(JSON.stringify(openApiDocument(models, config))).toBe(JSON.stringify(document));
  });

  it('covers content types, single types, upload, users-permissions, the publish extensions and errors', () => {
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([
      '/api/articles', '/api/articles/{documentId}', '/api/global', '/api/upload', '/api/upload/files/{id}', '/api/auth/local',
      '/api/users/me', '/api/_cms/articles/{documentId}/publish', '/api/_cms/about/unpublish', '/api/_cms/tags/{documentId}/history',
      '/openapi.json',
    ]));
    expect(document.paths['/api/_cms/tags/{documentId}/publish']).toBeUndefined(); // tags have no draft & publish
    const find = document.paths['/api/articles'].get;
    expect(find.responses['400'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Author).toMatchObject({ properties: { name: { type: ['string', 'null'] } } });
    expect(Object.keys((document.components.schemas.Author as { properties: object }).properties)).not.toContain('secretNote');
  });
});

describe('requests generated from the document, against the app', () => {
  let site: TestServer;
  const check = responseValidator();
  const auth = { authorization: `Bearer ${TOKEN}` };
  beforeAll(async () => { site = await startApp(copySampleSite(), { env: ENV, reportProblems: false }); });

  /** A real documentId or file id for a path's parameters, from the list the document also declares. */
  async function fillPath(path: string): Promise<string | undefined> {
    if (!path.includes('{')) return path;
    if (/\{commit\}|users|roles/.test(path)) return undefined; // needs git history or users: covered by their own suites
    if (path.includes('/upload/files/{id}')) {
      const files = await site.getJson('/api/upload/files', { headers: auth });
      return path.replace('{id}', String(files.body[0].id));
    }
    const plural = /^\/api\/(?:_cms\/)?([^/]+)\/\{documentId\}/.exec(path)?.[1];
    const list = await site.getJson(`/api/${plural}?status=draft`, { headers: auth });
    return path.replace('{documentId}', list.body.data[0].documentId);
  }

  const getPaths = Object.entries(document.paths).filter(([path, item]) => item.get && !path.includes('/history')).map(([path]) => path);
  it.each(getPaths)('GET %s answers a declared status with the declared shape', async (path) => {
    const url = await fillPath(path);
    if (!url) return;
    const query = document.paths[path].get.parameters?.some((p) => JSON.stringify(p).includes('populate')) && !path.startsWith('/api/users')
      ? '?populate=*' : '';
    const response = await site.request(url + query, { headers: auth });
    const declared = document.paths[path].get.responses[String(response.status)];
    expect(declared, `${response.status} is declared`).toBeDefined();
    const schema = declared.content?.['application/json']?.schema;
    if (schema) {
      const validate = check(schema);
      const body = await response.json();
      expect(validate(body) ? [] : validate.errors).toEqual([]);
    }
  });

  it('a write generated from each collection type\'s request body is answered as declared', async () => {
    const operation = document.paths['/api/tags'].post;
    const ref = operation.requestBody!.content['application/json'].schema.$ref!;
    const input = document.components.schemas[ref.split('/').pop()!] as { properties: Record<string, { $ref?: string }> };
    const data = { name: `generated-${Object.keys(input.properties).length}`, color: 'red' };
    const created = await site.sendJson('POST', '/api/tags', { data }, auth);
    expect(Object.keys(operation.responses)).toContain(String(created.status));
    const validate = check(operation.responses[String(created.status)].content!['application/json'].schema);
    expect(validate(created.body) ? [] : validate.errors).toEqual([]);
    const bad = await site.sendJson('POST', '/api/tags', { data: { nope: 1 } }, auth);
    expect(bad.status).toBe(400);
    expect(check(operation.responses['400'].content!['application/json'].schema)(bad.body)).toBe(true);
  });

  it('serves the document at GET /openapi.json', async () => {
    const response = await site.getJson('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(document);
  });
});
