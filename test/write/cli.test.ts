import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCms } from '../cli/built-cli.js';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

/** The built CLI (`dist/cli/bin.js`, rebuilt by ensureBuilt when older than the sources), run as a real process. */
const run = (...args: string[]) => runCms(args);

let server: WriteServer;
beforeAll(async () => {
  ensureBuilt();
  server = await writeServer();
});

describe('cms create | update | delete (the REST writes as the site owner)', () => {
  let id: string;

  it('create prints the same JSON body as POST would, and writes the file', async () => {
    const { code, stdout, stderr } = await run('create', 'tags', '--data', '{"name":"From the CLI","color":"blue"}', '--root', server.root);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const body = JSON.parse(stdout);
    id = body.data.documentId;
    expect(body).toEqual({ data: { id: expect.any(Number), documentId: id, name: 'From the CLI', slug: 'from-the-cli', color: 'blue',
      createdAt: expect.any(String), updatedAt: expect.any(String), publishedAt: expect.any(String) }, meta: {} });
    // The HTTP face reads the same document as the same JSON.
    const fresh = await writeServer(server.root);
    expect((await fresh.getJson(`/api/tags/${id}`)).body).toEqual(body);
  });

  it('update changes the document and prints it', async () => {
    const { code, stdout } = await run('update', 'tags', id, '--data', '{"color":"red"}', '--root', server.root);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).data).toMatchObject({ documentId: id, name: 'From the CLI', color: 'red' });
    expect(server.json(`content/tags/${id}.json`).color).toBe('red');
  });

  it('delete removes the file and exits 0', async () => {
    const { code } = await run('delete', 'tags', id, '--root', server.root);
    expect(code).toBe(0);
    expect(server.folder('tags')).not.toContain(`${id}.json`);
  });
});

describe.concurrent('locales and draft & publish from the CLI (independent documents, run side by side)', () => {
  it('create --status draft --locale fr writes <id>.fr.draft.json', async () => {
    const { code, stdout } = await run('create', 'articles', '--data', '{"title":"Brouillon CLI"}', '--status', 'draft', '--locale', 'fr',
      '--root', server.root);
    expect(code).toBe(0);
    const { data } = JSON.parse(stdout);
    expect(data).toMatchObject({ title: 'Brouillon CLI', locale: 'fr', publishedAt: null });
    expect(server.folder('articles')).toContain(`${data.documentId}.fr.draft.json`);

    const published = await run('publish', 'articles', data.documentId, '--locale', 'fr', '--root', server.root);
    expect(published.code).toBe(0);
    expect(server.folder('articles')).toContain(`${data.documentId}.fr.json`);
    expect(server.folder('articles')).not.toContain(`${data.documentId}.fr.draft.json`);
  });

  it('delete --locale fr deletes only the fr version', async () => {
    const { code } = await run('delete', 'articles', 'leo9mpmgjqi9e4y3lvswznjb', '--locale', 'fr', '--root', server.root);
    expect(code).toBe(0);
    expect(server.folder('articles').filter((name) => name.startsWith('leo9mpmgjqi9e4y3lvswznjb')))
      .toEqual(['leo9mpmgjqi9e4y3lvswznjb.json']);
  });
});

describe.concurrent('errors go to stderr with a non-zero exit, stdout stays empty', () => {
  it('a validation error names every problem', async () => {
    const { code, stdout, stderr } = await run('create', 'tags', '--data', '{"color":"purple"}', '--root', server.root);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('cms: 400 ValidationError: 2 errors occurred\n  name: name must be defined.\n  color: color must be one of the following values: red, green, blue, yellow, \n');
  });

  it('--json prints Strapi\'s error envelope on stderr', async () => {
    const { code, stderr } = await run('update', 'tags', SAMPLE.coffeeTag, '--data', '{"foo":1}', '--json', '--root', server.root);
    expect(code).toBe(1);
    expect(JSON.parse(stderr)).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key foo',
      details: { key: 'foo', path: null, source: 'body' } } });
  });

  it('malformed --data JSON is reported with its position', async () => {
    const { code, stderr } = await run('create', 'tags', '--data', '{"name": }', '--root', server.root);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^--data:1:\d+: invalid JSON/);
  });

  it('unpublish of a never-published draft is refused in one line, and the draft stays', async () => {
    const draft = 'a6lq8hv931vnhq1mwjzx78jv';
    const before = server.folder('articles').filter((name) => name.startsWith(draft));
    const { code, stdout, stderr } = await run('unpublish', 'articles', draft, '--root', server.root);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('cms: 400 ValidationError: This document is not published: there is nothing to unpublish\n');
    expect(server.folder('articles').filter((name) => name.startsWith(draft))).toEqual(before);
  });

  it('an unknown documentId on update → 404 Not Found', async () => {
    const { code, stderr } = await run('update', 'tags', 'nosuchtag', '--data', '{"name":"x"}', '--root', server.root);
    expect(code).toBe(1);
    expect(stderr).toBe('cms: 404 NotFoundError: Not Found\n');
  });
});
