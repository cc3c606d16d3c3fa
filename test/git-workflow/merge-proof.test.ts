import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { mergeContentFile } from '../../core/git/merge-content.js';
import { makeProject, REPO_ROOT, startApp } from '../helpers/project.js';
import { cms, git, initRepo, readText, writeStages, writeText } from './helpers.js';

// Each test drives 220 writes and git merges through real processes: 40 s on a quiet machine, over 180 s with two suites and other work
// beside it (the limit bounds a hang only).
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

/**
 * The scripted proof behind the README's figures: two branches each create 100 documents and
 * edit different fields of the same 20 documents (JSON, YAML and Markdown; half on adjacent lines,
 * half on lines apart), merged (a) with the structural driver and (b) without any driver in
 * `git.timestampsFromHistory` mode, as a hosting site's merge button does.
 */
const NOTE = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: {
    title: { type: 'string', required: true },
    description: { type: 'string' },
    category: { type: 'string' },
    views: { type: 'integer' },
    body: { type: 'richtext' },
  },
};
const FORMATS = ['json', 'yaml', 'md'] as const;
const SHARED = Array.from({ length: 20 }, (_, at) => ({
  documentId: `shared${String(at).padStart(2, '0')}`,
  format: FORMATS[at % 3],
  /** Even: branch b edits the line right under a's (description); odd: two lines further (views). */
  adjacent: at % 2 === 0,
}));
const T0 = '2025-01-01T00:00:00.000Z';

/** A shared document as a person would write it, with the timestamps the mode writes. */
function seedText(format: (typeof FORMATS)[number], at: number, historyMode: boolean): string {
  const fields: Record<string, unknown> = { title: `Note ${at}`, description: `About note ${at}`, category: 'general', views: at };
  const times: Record<string, string> = historyMode ? { createdAt: T0 } : { createdAt: T0, updatedAt: T0, publishedAt: T0 };
  const yaml = (values: Record<string, unknown>) => Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`).join('\n');
  if (format === 'json') return `${JSON.stringify({ ...fields, body: `Body of note ${at}.`, ...times }, null, 2)}\n`;
  if (format === 'yaml') return `# Note ${at}, written by hand\n${yaml({ ...fields, body: `Body of note ${at}.`, ...times })}\n`;
  return `---\n${yaml({ ...fields, ...times })}\n---\n\nBody of note ${at}.\n`;
}

/** What `cms git-setup` configures: the driver's own small entry, by absolute path. */
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;

/** On a fresh server over the checked-out branch: 100 new documents and one field of each shared one. */
async function workOnBranch(root: string, branch: 'a' | 'b'): Promise<string[]> {
  const server = await startApp(root, { report: () => {} });
  const created: string[] = [];
  for (let at = 0; at < 100; at++) {
    const response = await server.sendJson('POST', '/api/notes', { data: { title: `Note ${at} from ${branch}`, views: at } });
    expect(response.status).toBe(201);
    created.push(response.body.data.documentId);
  }
  for (const [at, shared] of SHARED.entries()) {
    const edit = branch === 'a' ? { title: `Note ${at}, retitled on a` } : shared.adjacent ? { description: `Described on b ${at}` }
      : { views: 1000 + at };
    expect((await server.sendJson('PUT', `/api/notes/${shared.documentId}`, { data: edit })).status).toBe(200);
  }
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', `Work on ${branch}`);
  return created;
}

/** A project on `main` with the 20 shared documents, and branches a and b worked on. */
async function twoBranches(historyMode: boolean, setupDriver: boolean) {
  const tree: Record<string, unknown> = {
    'schemas/note.json': NOTE,
    'cms.config.json': { permissions: { public: { notes: ['find', 'findOne', 'create', 'update', 'delete'] } },
      git: { timestampsFromHistory: historyMode } },
  };
  for (const [at, shared] of SHARED.entries()) {
    tree[`content/notes/${shared.documentId}.${shared.format}`] = seedText(shared.format, at, historyMode);
  }
  const root = makeProject(tree);
  initRepo(root);
  if (setupDriver) {
    expect((await cms(['git-setup', '--root', root, '--command', DRIVER])).code).toBe(0);
    git(root, 'add', '.gitattributes');
    git(root, 'commit', '--quiet', '-m', 'Content files merge with the CMS driver');
  }
  git(root, 'branch', 'b');
  git(root, 'checkout', '--quiet', '-b', 'a');
  const a = await workOnBranch(root, 'a');
  git(root, 'checkout', '--quiet', 'b');
  const b = await workOnBranch(root, 'b');
  git(root, 'checkout', '--quiet', 'a');
  return { root, created: [...a, ...b], workOnA: git(root, 'rev-parse', 'a') };
}

/** `git merge`; the files left conflicting. */
function merge(root: string, branch: string): string[] {
  try { git(root, 'merge', '--no-edit', branch); } catch { /* conflicts are listed below */ }
  return git(root, 'diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
}

/** Every shared document holds both branches' edits, every created one is served. */
async function expectBothSides(root: string, created: string[]) {
  const server = await startApp(root, { report: () => {} });
  for (const [at, shared] of SHARED.entries()) {
    const note = (await server.getJson(`/api/notes/${shared.documentId}`)).body.data;
    expect(note).toMatchObject({ title: `Note ${at}, retitled on a`,
      ...(shared.adjacent ? { description: `Described on b ${at}` } : { views: 1000 + at }), body: `Body of note ${at}.` });
  }
  const all = (await server.getJson('/api/notes?pagination[pageSize]=1&fields[0]=title')).body.meta.pagination.total;
  expect(all).toBe(220);
  expect(new Set(created).size).toBe(200);
}

/** (a)'s project, made once: (c) merges the same two branches again with the driver's config taken out. */
let withDriver: ReturnType<typeof twoBranches> | undefined;
const branchesWithDriver = () => withDriver ??= twoBranches(false, true);

describe('(a) with the structural merge driver', () => {
  it('merges two branches with 0 conflicts, adjacent lines or not, and cms validate passes', async () => {
    const { root, created } = await branchesWithDriver();
    expect(merge(root, 'b')).toEqual([]);
    const validate = await cms(['validate', '--root', root]);
    expect(validate.stdout).toBe('');
    expect(validate.code).toBe(0);
    await expectBothSides(root, created);
    // YAML comments written by hand survive the merge.
    expect(readText(root, 'content/notes/shared01.yaml')).toMatch(/^# Note 1, written by hand\n/);

    // A true conflict: a third branch retitles a document a retitled too.
    git(root, 'checkout', '--quiet', '-b', 'c', 'b');
    const server = await startApp(root, { report: () => {} });
    expect((await server.sendJson('PUT', '/api/notes/shared00', { data: { title: 'Retitled on c' } })).status).toBe(200);
    git(root, 'commit', '--quiet', '--all', '-m', 'Retitle on c');
    git(root, 'checkout', '--quiet', '-b', 'd', 'a');
    git(root, 'reset', '--quiet', '--hard', 'a~1');
    expect(merge(root, 'c')).toEqual(['content/notes/shared00.json']);
    const text = readText(root, 'content/notes/shared00.json')!;
    expect(text.match(/^<<<<<<< /gm)).toHaveLength(1);
    expect(text).toMatch(/<<<<<<< [^\n]*\n {2}"title": "Note 0, retitled on a",\n=======\n {2}"title": "Retitled on c",\n>>>>>>> /);
    git(root, 'merge', '--abort');
  });
});

describe('(b) without a driver, timestamps from history', () => {
  it('conflicts only where the two edits are on adjacent lines; the driver resolves those, and cms validate passes', async () => {
    const { root, created } = await twoBranches(true, false);
    const conflicted = merge(root, 'b');
    const adjacent = SHARED.filter((shared) => shared.adjacent).map((shared) => `content/notes/${shared.documentId}.${shared.format}`);
    expect(conflicted).toEqual(adjacent);
    // No timestamp line collided: every conflict is the two edited fields.
    for (const file of conflicted) expect(readText(root, file)).not.toMatch(/updatedAt|publishedAt/);
    // Every file's three stages in one git process, and one `git add` of the merged files.
    const stages = writeStages(root, conflicted);
    for (const [at, file] of conflicted.entries()) {
      const conflicts = await mergeContentFile({ ...stages[at], path: file, cwd: root });
      expect(conflicts).toBe(0);
      writeText(root, file, readFileSync(stages[at].ours, 'utf8'));
    }
    git(root, 'add', '--', ...conflicted);
    git(root, 'commit', '--quiet', '--no-edit');
    const validate = await cms(['validate', '--root', root]);
    expect(validate.stdout).toBe('');
    expect(validate.code).toBe(0);
    await expectBothSides(root, created);
  });
});

describe('(c) neither: a plain line merge with timestamps in the files', () => {
  it('conflicts on every document both branches edited, on its updatedAt/publishedAt lines', async () => {
    // (a)'s branches (made here when (c) runs alone), a as it was before (a) merged b into it, and no driver configured: git
    // then merges `merge=cms` files line by line, as a hosting site's merge button does.
    const { root, workOnA } = await branchesWithDriver();
    git(root, 'reset', '--quiet', '--hard');
    git(root, 'config', '--remove-section', 'merge.cms');
    expect(() => git(root, 'config', '--get-regexp', '^merge\\.')).toThrow();
    git(root, 'checkout', '--quiet', '-b', 'plain', workOnA);
    const conflicted = merge(root, 'b');
    expect(conflicted).toEqual(SHARED.map((shared) => `content/notes/${shared.documentId}.${shared.format}`).sort());
    git(root, 'merge', '--abort');
  });
});
