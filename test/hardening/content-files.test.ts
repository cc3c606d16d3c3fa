import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { watchProject, type ProjectWatcher } from '../../core/watch/watch.js';
import { cms, eventually, writeText } from '../git-workflow/helpers.js';
import { copySampleSite, makeProject, startApp } from '../helpers/project.js';

/** A Markdown file whose front matter, if evaluated, would create `marker`. */
const evaluatingFrontMatter = (fence: string, marker: string) => {
  const code = fence === '---coffee'
    ? `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`
    : `{ name: (function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); return 'x'; })() }`;
  return `${fence}\n${code}\n---\n\nBody\n`;
};

/** YAML whose 9 levels of 10 aliases expand to 10^9 nodes. */
const ALIAS_BOMB = ['name: bomb', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 8 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`)].join('\n');

let watchers: ProjectWatcher[] = [];
afterEach(() => { for (const watcher of watchers.splice(0)) watcher.close(); });

describe('front matter is YAML only: no engine ever runs code from a content file', () => {
  it.each(['---js', '---javascript', '---coffee',
    '--- JS'])('a %s fence is a file error at line 1, never evaluated, in start-up, validate and the merge driver', async (fence) => {
    const root = copySampleSite();
    const marker = join(root, 'evaluated');
    writeText(root, 'content/authors/evil.md', evaluatingFrontMatter(fence, marker));

    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.problems().map((problem) => problem.format())).toEqual([
      expect.stringMatching(/^content\/authors\/evil\.md:1:4: front matter "---[a-z]+" is not read: only YAML front matter/),
    ]);
    const validate = await cms(['validate', '--root', root]);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain('content/authors/evil.md:1:4:');

    writeText(root, 'base.md', '---\nname: Base\n---\n');
    writeText(root, 'theirs.md', '---\nname: Theirs\n---\n');
    await cms(['merge-driver', join(root, 'base.md'), join(root, 'content/authors/evil.md'), join(root, 'theirs.md'), '7',
      'content/authors/evil.md']);
    expect(existsSync(marker)).toBe(false);
  });

  it('the watcher reports a ---js file and never evaluates it', async () => {
    const root = copySampleSite();
    const marker = join(root, 'evaluated');
    const server = await startApp(root, { report: () => {} });
    const reports: string[] = [];
    watchers.push(watchProject(server.cms, { report: (line) => reports.push(line) }));
    writeText(root, 'content/authors/evil.md', evaluatingFrontMatter('---js', marker));
    await eventually(() => expect(reports.some((line) => line.startsWith('content/authors/evil.md:1:4:'))).toBe(true));
    expect(existsSync(marker)).toBe(false);
  });

  it('reads ---yaml and plain --- front matter as before', async () => {
    const root = copySampleSite();
    writeText(root, 'content/authors/fenced.md', '---yaml\nname: Fenced\n---\n');
    const server = await startApp(root, { report: () => {} });
    expect(server.cms.problems()).toEqual([]);
    expect((await server.getJson('/api/authors/fenced')).body.data.name).toBe('Fenced');
  });
});

describe('YAML alias bombs are a file problem, not a stopped server', () => {
  it('start-up reports path:line:col, skips the file and serves the rest', async () => {
    const root = copySampleSite();
    writeText(root, 'content/authors/bomb.yaml', `${ALIAS_BOMB}\n`);
    const server = await startApp(root, { report: () => {} });
    expect(server.cms.problems().map((problem) => problem.format())).toEqual([
      expect.stringMatching(/^content\/authors\/bomb\.yaml:\d+:\d+: invalid YAML: .*at most 100 aliases/),
    ]);
    expect((await server.getJson('/api/authors/bomb')).status).toBe(404);
    expect((await server.getJson('/api/authors')).body.data.length).toBeGreaterThan(0);
  });

  it('cms validate names the file and exits 1', async () => {
    const root = copySampleSite();
    writeText(root, 'content/authors/bomb.yaml', `${ALIAS_BOMB}\n`);
    const run = await cms(['validate', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^content\/authors\/bomb\.yaml:3:\d+: invalid YAML/m);
  });

  it('an alias bomb in Markdown front matter is reported the same way', async () => {
    const root = copySampleSite();
    writeText(root, 'content/authors/bomb.md', `---\n${ALIAS_BOMB}\n---\n`);
    const loaded = await createCms({ root, report: () => {} });
    expect(loaded.problems().map((problem) => problem.file)).toEqual(['content/authors/bomb.md']);
  });
});

describe('symbolic links are never followed out of content/, schemas/ or public/', () => {
  /** A sample site with a secret beside it, linked from content/, a content folder link and a public link. */
  function linkedSite() {
    const root = copySampleSite();
    mkdirSync(join(root, '.cms'), { recursive: true });
    writeFileSync(join(root, '.cms/state.json'), '{"apiTokens":"SECRET"}\n');
    writeFileSync(join(root, 'secret.json'), '{"name":"SECRET"}\n');
    symlinkSync('../../.cms/state.json', join(root, 'content/authors/leak.md'));
    symlinkSync('../../secret.json', join(root, 'content/authors/leak2.json'));
    symlinkSync('../.cms', join(root, 'content/linked'));
    symlinkSync('../.cms/state.json', join(root, 'public/state.json'));
    mkdirSync(join(root, 'public/uploads'), { recursive: true });
    symlinkSync('../../.cms', join(root, 'public/uploads/dir'));
    return root;
  }

  it('start-up skips and reports every link; nothing behind one is served', async () => {
    const root = linkedSite();
    const server = await startApp(root, { report: () => {} });
    expect(server.cms.problems().map((problem) => problem.format()).sort()).toEqual([
      'content/authors/leak.md:1:1: symbolic link: not followed (content, schemas and public files are never read through links)',
      'content/authors/leak2.json:1:1: symbolic link: not followed (content, schemas and public files are never read through links)',
      'content/linked:1:1: symbolic link: not followed (content, schemas and public files are never read through links)',
    ]);
    for (const path of ['/api/authors/leak', '/api/authors/leak2', '/state.json', '/uploads/dir/state.json']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('SECRET');
    }
    const list = await server.request('/api/authors?pagination[pageSize]=100');
    expect(await list.text()).not.toContain('SECRET');
  });

  it('cms validate reports the links and exits 1', async () => {
    const run = await cms(['validate', '--root', linkedSite()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('content/authors/leak.md:1:1: symbolic link: not followed');
    expect(run.stdout).toContain('content/linked:1:1: symbolic link: not followed');
  });

  it('a linked schema is a schema problem, never read', async () => {
    const root = copySampleSite();
    symlinkSync('/etc/hostname', join(root, 'schemas/host.json'));
    const run = await cms(['validate', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('schemas/host.json:1:1: symbolic link: not followed');
  });

  it('the watcher reports a link that appears (and a file replaced by one) and never serves it', async () => {
    const root = copySampleSite();
    writeFileSync(join(root, 'secret.json'), '{"name":"SECRET"}\n');
    writeText(root, 'content/authors/swap.json', '{"name":"Swap"}\n');
    const server = await startApp(root, { report: () => {} });
    const reports: string[] = [];
    watchers.push(watchProject(server.cms, { report: (line) => reports.push(line) }));
    expect((await server.getJson('/api/authors/swap')).body.data.name).toBe('Swap');

    symlinkSync('../../secret.json', join(root, 'content/authors/new.json'));
    symlinkSync('../../secret.json', join(root, 'content/authors/swap.json.link'));
    renameSync(join(root, 'content/authors/swap.json.link'), join(root, 'content/authors/swap.json'));
    await eventually(() => expect(reports.filter((line) => line.includes('symbolic link')).length).toBe(2));
    expect((await server.getJson('/api/authors/new')).status).toBe(404);
    expect((await server.getJson('/api/authors/swap')).status).toBe(404);
  });
});

describe('two files for one document version', () => {
  const project = () => makeProject({
    'cms.config.json': { permissions: { public: { 'api::note.note': ['find', 'findOne', 'update'] } } },
    'schemas/note.json': { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' }, options: { draftAndPublish: false },
      attributes: { title: { type: 'string' } } },
    'content/notes/x.json': { title: 'From JSON' },
    'content/notes/x.yaml': 'title: From YAML\n',
  });

  it('are a file error naming both; the first by name is served and written, on a fresh server as on a running one', async () => {
    const root = project();
    const server = await startApp(root, { report: () => {} });
    expect(server.cms.problems().map((problem) => problem.format())).toEqual([
      'content/notes/x.yaml:1:1: same document version as content/notes/x.json: keep one file per documentId, locale and status',
    ]);
    expect((await server.getJson('/api/notes/x')).body.data.title).toBe('From JSON');
    expect((await server.getJson('/api/notes')).body.data).toHaveLength(1);
    const put = await server.sendJson('PUT', '/api/notes/x', { data: { title: 'Edited' } });
    expect(put.status).toBe(200);
    expect(JSON.parse(readFileSync(join(root, 'content/notes/x.json'), 'utf8')).title).toBe('Edited');
    expect(readFileSync(join(root, 'content/notes/x.yaml'), 'utf8')).toBe('title: From YAML\n');
  });

  it('a duplicate appearing under a running server is reported and does not replace the served file', async () => {
    const root = makeProject({
      'schemas/note.json': { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' },
        options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } },
      'content/notes/x.json': { title: 'From JSON' },
    });
    const server = await startApp(root, { report: () => {} });
    const reports: string[] = [];
    watchers.push(watchProject(server.cms, { report: (line) => reports.push(line) }));
    writeText(root, 'content/notes/x.yaml', 'title: From YAML\n');
    await eventually(() => expect(server.cms.problems().map((problem) => problem.file)).toEqual(['content/notes/x.yaml']));
    expect((await server.cms.documents('notes').findOne({ documentId: 'x' }))?.title).toBe('From JSON');
    rmSync(join(root, 'content/notes/x.json'));
    await eventually(async () => expect((await server.cms.documents('notes').findOne({ documentId: 'x' }))?.title).toBe('From YAML'));
    expect(server.cms.problems()).toEqual([]);
  });
});
