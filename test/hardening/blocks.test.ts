import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { MAX_BLOCKS_DEPTH } from '../../core/schema/blocks.js';
import { ARTICLES } from '../contract/sample-site.js';
import { cms } from '../git-workflow/helpers.js';
import { copySampleSite, startApp } from '../helpers/project.js';
import { writeServer, type WriteServer } from '../write/helpers.js';

/**
 * Issue 11: `blocks` accepted unknown node types and own `__proto__` keys, and blocks nested 2000
 * deep passed `cms validate` but broke answers. Real Strapi 5.54 (strapi-ref, POST /api/articles):
 * - `{type: "marquee"}` → 400 "Block node is of invalid type", details.errors[0].path ["body","0"];
 * - an inline `{type: "blink"}` → 400 "Inline node must be Text or Link" at ["body","0","children","0"];
 * - a paragraph without children → "body[0].children is a required field"; heading level 9 →
 *   "body[1].level must be one of the following values: 1, 2, 3, 4, 5, 6"; link `javascript:` →
 *   "Please specify a valid link."; extra keys on a node are accepted and stored;
 * - `__proto__` anywhere in a JSON body → 400 SyntaxError "Object contains forbidden prototype property"
 *   (its body parser); here the blocks validator refuses it (400 ValidationError), for the library too;
 * - lists nested 50 deep → 201; 2000 deep → 500. Here nesting is bounded (MAX_BLOCKS_DEPTH) → 400.
 */

const text = (value = 'x') => ({ type: 'text', text: value });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
/** A list `levels` node levels deep, counting its innermost list-item and text. */
function nestedList(levels: number): unknown {
  let node: unknown = { type: 'list-item', children: [text()] };
  for (let level = 3; level <= levels; level++) node = { type: 'list', format: 'ordered', children: [node] };
  return node;
}

let site: WriteServer;
beforeAll(async () => {
  site = await writeServer();
});

const ROME_FILE = `content/articles/${ARTICLES.rome}.json`;

describe('blocks are checked as Strapi checks them, with a bounded depth, on write', () => {
  it.each([
    ['an unknown block type', [{ type: 'marquee', children: [text()] }], 'Block node is of invalid type', ['body', '0']],
    ['an unknown inline type', [paragraph({ type: 'blink', text: 'x' })], 'Inline node must be Text or Link',
      ['body', '0', 'children', '0']],
    ['a null block', [null], 'Block node is of invalid type', ['body', '0']],
    ['a paragraph without children', [{ type: 'paragraph' }], 'body[0].children is a required field', ['body', '0', 'children']],
    ['a heading of level 9', [paragraph(text()), { type: 'heading', level: 9, children: [text()] }],
      'body[1].level must be one of the following values: 1, 2, 3, 4, 5, 6', ['body', '1', 'level']],
    ['a javascript: link', [paragraph({ type: 'link', url: 'javascript:alert(1)', children: [text()] })], 'Please specify a valid link.',
      ['body', '0', 'children', '0', 'url']],
    ['a paragraph inside a list', [{ type: 'list', format: 'ordered', children: [paragraph(text())] }],
      'Inline node must be list-item or list', ['body', '0', 'children', '0']],
  ])('%s is a 400 ValidationError at its node, and the file is unchanged', async (_name, body, message, path) => {
    const before = site.file(ROME_FILE);
    const { status, body: answer } = await site.put(`/api/articles/${ARTICLES.rome}`, { body });
    expect(status).toBe(400);
    expect(answer.error).toMatchObject({ name: 'ValidationError', message });
    expect(answer.error.details.errors[0]).toMatchObject({ path, message });
    expect(site.file(ROME_FILE)).toBe(before);
  });

  it.each([
    ['a block', `[{"type":"paragraph","__proto__":{"polluted":true},"children":[{"type":"text","text":"x"}]}]`, 'body[0]'],
    ['an inline node', `[{"type":"paragraph","children":[{"type":"text","text":"x","__proto__":{"bold":true}}]}]`, 'body[0].children[0]'],
  ])('an own __proto__ key on %s is a 400 ValidationError', async (_name, blocks, at) => {
    const before = site.file(ROME_FILE);
    const { status, body } = await site.sendJson('PUT', `/api/articles/${ARTICLES.rome}`, `{"data":{"body":${blocks}}}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ name: 'ValidationError', message: `${at} has a "__proto__" key, which blocks never allow` });
    expect(site.file(ROME_FILE)).toBe(before);
  });

  it('lists nested 2000 deep are a 400 (Strapi: 500), never a 500 or a huge file', async () => {
    const { status, body } = await site.put(`/api/articles/${ARTICLES.rome}`, { body: [nestedList(2000)] });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    // Deeper than any JSON body may nest (MAX_BODY_DEPTH): refused before the blocks are read.
    expect(body.error.message).toMatch(/^The request body is nested too deep/);
  });

  it(`lists nested ${MAX_BLOCKS_DEPTH + 1} levels deep are a 400 naming the node too deep`, async () => {
    const { status, body } = await site.put(`/api/articles/${ARTICLES.rome}`, { body: [nestedList(MAX_BLOCKS_DEPTH + 1)] });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toMatch(
      new RegExp(
        `^body\\[0\\](\\.children\\[0\\]){${MAX_BLOCKS_DEPTH}} is nested too deep: blocks nest at most ${MAX_BLOCKS_DEPTH} levels$`,
      ),
    );
  });

  it(`lists nested ${MAX_BLOCKS_DEPTH} levels deep, with marks, links and extra keys, are stored`, async () => {
    const body = [nestedList(MAX_BLOCKS_DEPTH),
      paragraph({ ...text('bold'), bold: true }, { type: 'link', url: '/about', children: [text()] }),
      { type: 'code', language: null, children: [text()], extra: 1 }];
    const { status, body: answer } = await site.put(`/api/articles/${ARTICLES.rome}`, { body });
    expect(status, JSON.stringify(answer).slice(0, 500)).toBe(200);
    expect(answer.data.body).toEqual(body);
  });
});

describe('blocks in content files are file errors, and the server never answers 500 for them', () => {
  const ARTICLE = `content/articles/${ARTICLES.blackHole}.json`;
  it.each([
    ['an unknown node type', [paragraph({ type: 'blink', text: 'x' })], 'body.0.children.0: Inline node must be Text or Link'],
    ['lists nested 2000 deep', [nestedList(2000)], `is nested too deep: blocks nest at most ${MAX_BLOCKS_DEPTH} levels`],
  ])('%s: validate reports path:line:col and exits 1; start-up reports it and serves the rest', async (_name, blocks, message) => {
    const root = copySampleSite();
    const file = join(root, ARTICLE);
    // Compact: 2000 levels pretty-printed would be 48 MB, over content.maxFileSize, which is checked before the depth.
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), body: blocks }));

    const validate = await cms(['validate', '--root', root]);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(new RegExp(`${ARTICLE.replace(/\./g, '\\.')}:\\d+:\\d+: .*${message.replace(/[.[\]]/g, '\\$&')}`));

    const server = await startApp(root, { report: () => {} });
    expect(server.cms.problems().map((problem) => problem.format())).toEqual([expect.stringContaining(message)]);
    const list = await server.getJson('/api/articles?pagination[pageSize]=100&fields=title');
    expect(list.status).toBe(200);
    expect(list.body.data.map((entry: { documentId: string }) => entry.documentId)).not.toContain(ARTICLES.blackHole);
  });

  it('an own __proto__ key in a content file\'s blocks is a file error', async () => {
    const root = copySampleSite();
    const file = join(root, ARTICLE);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...data, body: [paragraph(text())] }, null, 2).replace('"type": "paragraph",',
      '"type": "paragraph", "__proto__": {"polluted": true},'));
    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.problems().map((problem) => problem.format())).toEqual([expect.stringMatching(new RegExp(
      `^${ARTICLE.replace(/\./g, '\\.')}:\\d+:\\d+: body\\.0 has a "__proto__" key, which blocks never allow$`,
    ))]);
  });
});
