import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_FILE } from '../../core/index/snapshot/snapshot-format.js';
import { ARTICLES as A } from '../contract/sample-site.js';
import { editSnapshot } from '../index-snapshot/snapshot-file.js';
import { copySampleSite, startApp } from '../helpers/project.js';
import { BIN, ensureBuilt, runCms } from './built-cli.js';

beforeAll(() => ensureBuilt(), 120_000);

/** Every page of a list through HTTP, the long way, to compare `--all` with. */
async function everyPage(root: string, search: string): Promise<unknown[]> {
  const server = await startApp(root, { report: () => {} });
  const entries: unknown[] = [];
  for (let page = 1; ; page++) {
    const { body } = await server.getJson(`/api/articles?${search}&pagination[pageSize]=3&pagination[page]=${page}`);
    entries.push(...body.data);
    if (page >= body.meta.pagination.pageCount) return entries;
  }
}

describe.concurrent('cms get --all / --ndjson (the built binary)', () => {
  it('--all prints every entry of every page as one JSON array, as the pages answer them', async () => {
    const root = copySampleSite();
    const cli = await runCms(['get', 'articles', '--all', '--pagination[pageSize]=3', '--populate=author', '--sort=title:asc',
      '--status=draft'], { cwd: root });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const all = JSON.parse(cli.stdout);
    expect(all).toEqual(await everyPage(root, 'populate=author&sort=title:asc&status=draft'));
    expect(all.length).toBeGreaterThan(3);
    expect(new Set(all.map((entry: { documentId: string }) => entry.documentId)).size).toBe(all.length);
  });

  it('--ndjson prints one entry a line; with --all, of every page', async () => {
    const root = copySampleSite();
    const [lines, onePage] = await Promise.all([
      runCms(['get', 'articles', '--all', '--ndjson', '--pagination[pageSize]=2', '--fields=title'], { cwd: root }),
      runCms(['get', 'articles', '--ndjson', '--pagination[pageSize]=2', '--fields=title'], { cwd: root }),
    ]);
    expect(lines.code).toBe(0);
    const entries = lines.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(entries).toEqual(await everyPage(root, 'fields=title'));
    expect(entries.map((entry: { documentId: string }) => entry.documentId)).toContain(A.rome);
    expect(onePage.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('refuses paging keys with --all and --all on one document, with a non-zero exit', async () => {
    const root = copySampleSite();
    const [paged, one] = await Promise.all([
      runCms(['get', 'articles', '--all', '--pagination[page]=2'], { cwd: root }),
      runCms(['get', 'articles', A.rome, '--all'], { cwd: root }),
    ]);
    expect(paged.code).toBe(1);
    expect(paged.stdout).toBe('');
    expect(paged.stderr).toMatch(/leave out pagination\[page\]/);
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/leave out the documentId/);
  });
});

describe('cms create --file <ndjson> (the built binary)', () => {
  it('creates one document a line, through the same validation as HTTP', async () => {
    const root = copySampleSite();
    writeFileSync(join(root, 'tags.ndjson'), '{"name":"One","slug":"one"}\n\n{"name":"Two","slug":"two"}\n');
    const cli = await runCms(['create', 'tags', '--file', 'tags.ndjson'], { cwd: root });
    expect(cli.code).toBe(0);
    expect(cli.stderr).toBe('created 2 tags\n');
    const created = cli.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(created.map((entry: { slug: string }) => entry.slug)).toEqual(['one', 'two']);
    const list = JSON.parse(
      (await runCms(['get', 'tags', '--filters[slug][$in][0]=one', '--filters[slug][$in][1]=two'], { cwd: root })).stdout,
    );
    expect(list.meta.pagination.total).toBe(2);
  });

  it('stops at a bad line: its number in the message, exit 1, the lines before it written', async () => {
    const root = copySampleSite();
    writeFileSync(join(root, 'tags.ndjson'),
      '{"name":"Kept","slug":"kept"}\n{"name":"Also kept","slug":"also-kept"}\n{"name":"Bad","colour":"red"}\n{"name":"Never","slug":"never"}\n');
    const invalid = await runCms(['create', 'tags', '--file', 'tags.ndjson'], { cwd: root });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^tags\.ndjson:3: 400 ValidationError: .*colour.*; the 2 document\(s\) before it stay written\n$/);
    writeFileSync(join(root, 'broken.ndjson'), '{"name":"Fine","slug":"fine"}\n{"name": nope}\n');
    const broken = await runCms(['create', 'tags', '--file', 'broken.ndjson'], { cwd: root });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^broken\.ndjson:2: invalid JSON: .*; the 1 document\(s\) before it stay written\n$/);
    const slugs = JSON.parse((await runCms(['get', 'tags', '--all', '--fields=slug'], { cwd: root })).stdout)
      .map((tag: { slug: string }) => tag.slug);
    expect(slugs).toEqual(expect.arrayContaining(['kept', 'also-kept', 'fine']));
    expect(slugs).not.toContain('never');
  });

  it('reads NDJSON from stdin with --file -', () => {
    const root = copySampleSite();
    const result = spawnSync(process.execPath, [BIN, 'create', 'tags', '--file', '-'],
      { cwd: root, input: '{"name":"Piped","slug":"piped"}\n{"nome":"Bad"}\n', encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('"slug":"piped"');
    expect(result.stderr).toMatch(/^<stdin>:2: 400 ValidationError: .*; the 1 document\(s\) before it stay written\n$/);
  });
});

describe('every CLI call starts from the index snapshot', () => {
  it('writes .cms/index-snapshot on the first call and answers from it on the next', async () => {
    const root = copySampleSite();
    execFileSync(process.execPath, [BIN, 'get', 'tags'], { cwd: root });
    expect(statSync(join(root, SNAPSHOT_FILE)).isFile()).toBe(true);
    editSnapshot(root, (entries) => {
      const coffee = entries.find((entry) => entry.fields.includes('"name":"Coffee"'))!;
      coffee.fields = coffee.fields.replace('"name":"Coffee"', '"name":"Cached"');
    });
    const [fromSnapshot, fullRead] = await Promise.all([
      runCms(['get', 'tags', '--filters[slug]=coffee', '--fields=name'], { cwd: root }),
      runCms(['get', 'tags', '--filters[slug]=coffee', '--fields=name'], { cwd: root, env: { CMS_INDEX_SNAPSHOT: '0' } }),
    ]);
    expect(JSON.parse(fromSnapshot.stdout).data[0].name).toBe('Cached');
    expect(JSON.parse(fullRead.stdout).data[0].name).toBe('Coffee');
  });
});

describe('cms get --all into a reader that stops early (the built binary)', () => {
  it('ends quietly with exit 0 when the pipe closes (`cms get tags --all --ndjson | head -1`)', async () => {
    const root = copySampleSite();
    // Enough entries that the output outgrows a pipe's buffer long before the reader closes it.
    for (let n = 0; n < 3000; n++) {
      const documentId = `bulkpipe${String(n).padStart(16, '0')}`;
      writeFileSync(join(root, 'content/tags', `${documentId}.json`),
        `${JSON.stringify({ name: `Tag ${n} ${'x'.repeat(100)}`, slug: `tag-${n}` }, null, 2)}\n`);
    }
    const child = spawn(process.execPath, [BIN, 'get', 'tags', '--all', '--ndjson'],
      { cwd: root, env: { ...process.env, CMS_INDEX_SNAPSHOT: '0' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    const firstChunk = await new Promise<string>((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk))));
    child.stdout.destroy(); // what `head -1` does after its line
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(JSON.parse(firstChunk.split('\n')[0]).documentId).toBeTruthy();
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
