import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../core/parsers/json-depth.js';
import { INDENTED_DEPTH, stringifyJsonFile } from '../../core/parsers/bounded-indent.js';
import { stringifyYamlFile } from '../../core/parsers/yaml.js';
import { authSite, type AuthSite } from '../auth/helpers.js';
import { REPO_ROOT } from '../helpers/project.js';
import { mediaServer, uploadForm } from '../media/helpers.js';
import { SAMPLE, writeServer, type WriteServer } from '../write/helpers.js';

/**
 * Issue 11, item 7 and the deep-body Low items: a 139 KB PUT of deeply nested `blocks` became a
 * 110 MB file (each level indented two more spaces, on every line below it), a YAML file's writer
 * overflowed the stack (500), and 100k-deep values made the auth routes answer 500 (printing the
 * value in the error overflowed). A JSON body nests at most MAX_BODY_DEPTH levels (400 in the
 * envelope, before any work), and files are indented only INDENTED_DEPTH levels deep.
 */

const JSON_ARTICLE = `content/articles/${SAMPLE.pizza}.json`;
const YAML_ARTICLE = `content/articles/${SAMPLE.coffee}.yaml`;
const TOO_DEEP = { status: 400, name: 'ValidationError',
  message: `The request body is nested too deep: at most ${MAX_BODY_DEPTH} levels of objects and arrays`,
  details: { maxDepth: MAX_BODY_DEPTH } };

/** `inner` wrapped in `levels` arrays. */
const wrapped = (levels: number, inner = '1'): string => '['.repeat(levels) + inner + ']'.repeat(levels);
/** `levels` objects, each the `a` of the one around it (YAML writes nested lists on one line, nested maps indented). */
const nestedObjects = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** A PUT body whose paragraph carries an extra key (Strapi stores extra keys on block nodes) holding `extra`. */
const withExtra = (extra: string): string => `{"data":{"body":[{"type":"paragraph","children":[{"type":"text","text":"x"}],"extra":${extra}}]}}`;
/** Levels `withExtra` puts around its `extra` value: root, data, body, paragraph. */
const AROUND_EXTRA = 4;

let site: WriteServer;
let auth: AuthSite;
beforeAll(async () => {
  site = await writeServer();
  auth = await authSite();
});

describe('a JSON body nests at most MAX_BODY_DEPTH levels', () => {
  it.each([
    ['a JSON file', JSON_ARTICLE, SAMPLE.pizza],
    ['a YAML file', YAML_ARTICLE, SAMPLE.coffee],
  ])('one level more is a 400 ValidationError and %s is unchanged', async (_name, file, documentId) => {
    const before = site.file(file);
    const body = withExtra(wrapped(MAX_BODY_DEPTH - AROUND_EXTRA + 1));
    const { status, body: answer } = await site.sendJson('PUT', `/api/articles/${documentId}`, body);
    expect(status).toBe(400);
    expect(answer).toEqual({ data: null, error: TOO_DEEP });
    expect(site.file(file)).toBe(before);
  });

  it('exactly MAX_BODY_DEPTH levels are accepted and stored', async () => {
    const { status, body } = await site.sendJson('PUT', `/api/articles/${SAMPLE.coffee}`,
      withExtra(wrapped(MAX_BODY_DEPTH - AROUND_EXTRA)));
    expect(status).toBe(200);
    expect(JSON.stringify(body.data.body[0].extra)).toBe(wrapped(MAX_BODY_DEPTH - AROUND_EXTRA));
  });

  it.each([
    ['/api/auth/local/register', (deep: string) => `{"username":${deep},"email":"deep@example.com","password":"secret-enough"}`],
    ['/api/auth/forgot-password', (deep: string) => `{"email":${deep}}`],
    ['/api/auth/local', (deep: string) => `{"identifier":${deep},"password":"x"}`],
    ['/api/articles', (deep: string) => `{"data":{"title":${deep}}}`],
  ])('a 100k-deep value on POST %s is the 400, not a 500', async (path, body) => {
    const { status, body: answer } = await auth.sendJson('POST', path, body(wrapped(100_000)));
    expect(status).toBe(400);
    expect(answer).toEqual({ data: null, error: TOO_DEEP });
  });

  it.each([
    ['as the whole fileInfo', (deep: string) => deep],
    ['as its caption', (deep: string) => `{"caption":${deep}}`],
    ['under an unknown key', (deep: string) => `{"x":${deep}}`],
  ])('a 100k-deep fileInfo of a multipart upload, %s, is the 400, not a 500', async (_name, info) => {
    const media = await mediaServer();
    const { status, body } = await media.upload(uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }],
      { fileInfo: info(wrapped(100_000)) }));
    expect({ status, body }).toEqual({ status: 400, body: { data: null, error: TOO_DEEP } });
  });

  it('a body that is not JSON stays the body parser\'s 400 SyntaxError, however deep', async () => {
    const { status, body } = await site.sendJson('PUT', `/api/articles/${SAMPLE.coffee}`, `{"data":${'['.repeat(1000)}`);
    expect(status).toBe(400);
    expect(body.error.name).toBe('SyntaxError');
  });

  it.each<[string, number, boolean]>([
    ['{}', 1, false],
    ['{"a":[{}]}', 2, true],
    ['{"a":[{}]}', 3, false],
    ['{"a":"[[[[[["}', 1, false],
    ['{"a":"\\"[[[["}', 1, false],
    ['{"a\\\\":[[1]]}', 2, true],
    ['[[],[],[]]', 2, false],
  ])('nestsDeeperThan(%s, %i) is %s (brackets in strings do not count)', (text, max, expected) => {
    expect(nestsDeeperThan(text, max)).toBe(expected);
  });
});

describe('a written file stays within a small multiple of the body', () => {
  // The widest value at the deepest indented level: one-byte items, each on a line indented 2 × INDENTED_DEPTH.
  const widest = (items: number) => wrapped(INDENTED_DEPTH - AROUND_EXTRA, `[${Array(items).fill('1').join(',')}]`);

  it.each([
    ['JSON', JSON_ARTICLE, SAMPLE.pizza],
    ['YAML', YAML_ARTICLE, SAMPLE.coffee],
  ])('a %s file is at most 12× the body for the widest value at the deepest indented level', async (_format, file, documentId) => {
    const body = withExtra(widest(20_000));
    const { status } = await site.sendJson('PUT', `/api/articles/${documentId}`, body);
    expect(status).toBe(200);
    expect(site.file(file)!.length).toBeLessThan(12 * body.length);
  });

  it.each([
    ['JSON', JSON_ARTICLE, SAMPLE.pizza],
    ['YAML', YAML_ARTICLE, SAMPLE.coffee],
  ])('deeply nested values (the issue\'s 139 KB body) make a %s file at most 3× the body', async (_format, file, documentId) => {
    const levels = MAX_BODY_DEPTH - AROUND_EXTRA - 1;
    const body = withExtra(`[${Array.from({ length: 250 }, () => nestedObjects(levels)).join(',')}]`);
    expect(body.length).toBeGreaterThan(139_000);
    const { status } = await site.sendJson('PUT', `/api/articles/${documentId}`, body);
    expect(status).toBe(200);
    // Flow collections in YAML are written `{ a: { a: 1 } }`.
    expect(site.file(file)!.length).toBeLessThan(3 * body.length);
  });
});

describe('bounded indentation keeps the files people wrote', () => {
  const files = (extension: string) => readdirSync(join(REPO_ROOT, 'content'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(extension))
    .map((path) => [path, readFileSync(join(REPO_ROOT, 'content', path), 'utf8')] as const);

  it.each(files('.json'))('%s is written as JSON.stringify(value, null, 2) writes it', (_path, text) => {
    const value = JSON.parse(text);
    expect(stringifyJsonFile(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it.each(files('.yaml'))('%s is written as the yaml package writes it', (_path, text) => {
    const value = parseYaml(text);
    expect(stringifyYamlFile(value)).toBe(stringifyYaml(value, { lineWidth: 0 }));
  });

  it(`a value of exactly ${INDENTED_DEPTH} levels is indented all the way; one level more puts the innermost on one line`, () => {
    const deepest = JSON.parse(nestedObjects(INDENTED_DEPTH));
    expect(stringifyJsonFile(deepest)).toBe(`${JSON.stringify(deepest, null, 2)}\n`);
    const deeper = JSON.parse(nestedObjects(INDENTED_DEPTH + 1));
    expect(stringifyJsonFile(deeper)).toContain(`\n${'  '.repeat(INDENTED_DEPTH)}"a": {"a":1}\n`);
  });

  it('toJSON values, undefined and functions are written as JSON.stringify writes them, at any depth', () => {
    const odd = { when: new Date(0), gone: undefined, call: () => 1, list: [undefined, () => 1, new Date(0)] };
    expect(stringifyJsonFile(odd)).toBe(`${JSON.stringify(odd, null, 2)}\n`);
    const deep = JSON.parse(nestedObjects(INDENTED_DEPTH + 1));
    deep.when = new Date(0);
    expect(JSON.parse(stringifyJsonFile(deep))).toEqual(JSON.parse(JSON.stringify(deep)));
  });

  it(`indents ${INDENTED_DEPTH} levels and writes deeper values on one line, in both formats`, () => {
    const value = { a: JSON.parse(wrapped(INDENTED_DEPTH + 3, '{"b":[1,2]}')) };
    const json = stringifyJsonFile(value);
    expect(JSON.parse(json)).toEqual(value);
    expect(json).toContain(`\n${'  '.repeat(INDENTED_DEPTH)}[[[[{"b":[1,2]}]]]]\n`);
    expect(json).not.toMatch(new RegExp(`^ {${2 * INDENTED_DEPTH + 1}}`, 'm'));
    const yaml = stringifyYamlFile(value);
    expect(parseYaml(yaml)).toEqual(value);
    expect(yaml.split('\n').length).toBeLessThan(INDENTED_DEPTH + 3);
  });
});
