import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { resolveConfig } from '../../core/config/load.js';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';

const TAG = {
  kind: 'collectionType',
  info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: { draftAndPublish: false },
  attributes: { name: { type: 'string' }, notes: { type: 'text' } },
};
const LIMIT = 2000;
const tagFile = (notes: string) => `${
  JSON.stringify({ name: 'Tag', notes, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' }, null, 2)}\n`;

/** A project with one small and one big tag; `null` leaves the limit at its default. */
function project(maxFileSize: number | null = LIMIT): string {
  return makeProject({
    'schemas/tag.json': TAG,
    'cms.config.json': { permissions: { public: { tags: ['find', 'findOne', 'create', 'update'] } },
      ...(maxFileSize === null ? {} : { content: { maxFileSize } }) },
    'content/tags/small.json': tagFile('short'),
    'content/tags/big.json': tagFile('x'.repeat(LIMIT)),
  });
}

async function cli(args: string[]) {
  let stderr = '';
  const write = (text: string) => (stderr += text);
  const code = await runCli(args, { stdout: { write }, stderr: { write }, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stderr };
}

describe('content.maxFileSize: one size rule for content files', () => {
  it('defaults to 5 MiB and takes only a positive whole number of bytes', () => {
    expect(resolveConfig({}).content.maxFileSize).toBe(5 * 1024 * 1024);
    expect(resolveConfig({ content: { maxFileSize: 100 } }).content.maxFileSize).toBe(100);
    for (const bad of [0, -1, 1.5, '1mb']) {
      expect(() => resolveConfig({ content: { maxFileSize: bad } })).toThrow('content.maxFileSize must be a positive integer (bytes)');
    }
    expect(() => resolveConfig({ content: { maxFileSzie: 1 } }))
      .toThrow('content.maxFileSzie is not a known setting (did you mean "maxFileSize"?)');
  });

  it('cms validate reports a file over the limit as that file\'s problem', async () => {
    const run = await cli(['validate', '--root', project()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^content\/tags\/big\.json:1:1: the file is \d+ bytes, over content\.maxFileSize \(2000 bytes\)$/m);
    expect(run.stderr).not.toContain('small.json');
    const unlimited = await cli(['validate', '--root', project(null)]);
    expect(unlimited.code, unlimited.stderr).toBe(0);
  });

  it('serve reports it as a file problem and keeps serving the rest, at load and on reindex', async () => {
    const root = project();
    const server = await startApp(root, { report: () => {} });
    expect(server.cms.index.problems.get('content/tags/big.json')?.message).toMatch(/bytes, over content\.maxFileSize \(2000 bytes\)/);
    const list = await server.getJson('/api/tags');
    expect(list.status).toBe(200);
    expect(list.body.data.map((tag: { documentId: string }) => tag.documentId)).toEqual(['small']);
    writeFileSync(join(root, 'content/tags/small.json'), tagFile('y'.repeat(LIMIT)));
    const reports: string[] = [];
    await reindexFiles(server.cms, ['content/tags/small.json'], (line) => reports.push(line));
    expect(reports).toEqual([
      expect.stringMatching(/^content\/tags\/small\.json: the file is \d+ bytes, over content\.maxFileSize \(2000 bytes\)$/),
    ]);
    expect((await server.getJson('/api/tags')).body.data).toEqual([]);
  });

  it('a write whose file would be over the limit is a 413 in Strapi\'s envelope, and nothing is written', async () => {
    const root = project();
    const server = await startApp(root, { report: () => {} });
    const before = readFileSync(join(root, 'content/tags/small.json'), 'utf8');
    const update = await server.sendJson('PUT', '/api/tags/small', { data: { notes: 'z'.repeat(LIMIT) } });
    expect(update.status).toBe(413);
    const message = expect.stringMatching(/^The content file would be \d+ bytes, over content\.maxFileSize \(2000 bytes\)$/);
    expect(update.body).toEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message,
      details: { size: expect.any(Number), maxFileSize: LIMIT } } });
    expect(readFileSync(join(root, 'content/tags/small.json'), 'utf8')).toBe(before);
    const create = await server.sendJson('POST', '/api/tags', { data: { name: 'New', notes: 'z'.repeat(LIMIT) } });
    expect(create.status).toBe(413);
    expect((await server.getJson('/api/tags')).body.data).toHaveLength(1);
    const fine = await server.sendJson('PUT', '/api/tags/small', { data: { notes: 'z'.repeat(100) } });
    expect(fine.status).toBe(200);
    expect(existsSync(join(root, 'content/tags/big.json'))).toBe(true);
  });
});
