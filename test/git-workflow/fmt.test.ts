import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { copySampleSite, makeProject, startApp } from '../helpers/project.js';
import { cms, readText, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const schema = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, body: { type: 'richtext' }, rating: { type: 'integer' } },
};
/** The merge-safe layout (the default): a blank line between fields. */
const CANONICAL = '{\n  "title": "Tidy",\n\n  "rating": 3,\n\n  "createdAt": "2025-01-01T00:00:00.000Z",\n\n  "updatedAt": "2025-01-02T00:00:00.000Z"\n}\n';
/** Every file written at this time: a file without timestamps is stamped with its modification time. */
const MTIME = new Date('2024-06-01T12:00:00.000Z');
const STAMPED = '"createdAt": "2024-06-01T12:00:00.000Z",\n\n  "updatedAt": "2024-06-01T12:00:00.000Z"';

function notes(): string {
  const root = makeProject({
    'schemas/note.json': schema,
    'content/notes/tidy.json': CANONICAL,
    'content/notes/messy.json': '{"rating":4,    "title":"Messy"}',
    'content/notes/commented.yaml': '# kept: a comment\ntitle: Commented # inline too\nrating: 5\n',
    'content/notes/page.md': '---\ntitle: Page\n---\nSome *markdown* body.\n',
  });
  for (const file of ['tidy.json', 'messy.json', 'commented.yaml', 'page.md']) utimesSync(join(root, 'content/notes', file), MTIME, MTIME);
  return root;
}

const fmt = (root: string, ...args: string[]) => cms(['fmt', '--root', root, ...args]);
const mtime = (root: string, file: string) => statSync(join(root, file)).mtimeMs;

beforeAll(() => fmt(notes(), '--check')); // builds dist/ once if needed

describe('cms fmt', () => {
  it('rewrites non-canonical files into the write path\'s serialisation and lists them', async () => {
    const root = notes();
    const { code, stdout, stderr } = await fmt(root);
    expect(stdout.split('\n').filter(Boolean))
      .toEqual(['content/notes/commented.yaml', 'content/notes/messy.json', 'content/notes/page.md']);
    expect(stderr).toBe('formatted 3 file(s)\n');
    expect(code).toBe(0);
    expect(readText(root, 'content/notes/messy.json')).toBe(`{\n  "title": "Messy",\n\n  "rating": 4,\n\n  ${STAMPED}\n}\n`);
    // YAML is edited in place: comments survive, the timestamps are added, the fields spaced out.
    expect(readText(root, 'content/notes/commented.yaml')).toBe('# kept: a comment\ntitle: Commented # inline too\n\nrating: 5\n\ncreatedAt: 2024-06-01T12:00:00.000Z\n\nupdatedAt: 2024-06-01T12:00:00.000Z\n');
    expect(readText(root, 'content/notes/page.md')).toBe('---\ntitle: Page\n\ncreatedAt: 2024-06-01T12:00:00.000Z\n\nupdatedAt: 2024-06-01T12:00:00.000Z\n---\n\nSome *markdown* body.\n');
  });

  it('never touches a canonical file: same bytes, same modification time', async () => {
    const root = notes();
    const before = mtime(root, 'content/notes/tidy.json');
    await fmt(root);
    expect(readText(root, 'content/notes/tidy.json')).toBe(CANONICAL);
    expect(mtime(root, 'content/notes/tidy.json')).toBe(before);
  });

  it('is idempotent: after fmt, fmt --check finds nothing and the API answers as before', async () => {
    const root = notes();
    const read = async () => (await (await startApp(root)).cms.documents('notes').findMany({ sort: 'title' }));
    const before = await read();
    await fmt(root);
    const again = await fmt(root, '--check');
    expect(again.stdout).toBe('');
    expect(again.code).toBe(0);
    expect(await read()).toEqual(before);
  });

  it('--check lists what would change, exits 1 and writes nothing', async () => {
    const root = notes();
    const texts = ['messy.json', 'commented.yaml', 'page.md'].map((file) => readText(root, `content/notes/${file}`));
    const { code, stdout, stderr } = await fmt(root, '--check');
    expect(stdout).toBe('content/notes/commented.yaml\ncontent/notes/messy.json\ncontent/notes/page.md\n');
    expect(stderr).toBe('3 file(s) not canonical\n');
    expect(code).toBe(1);
    expect(['messy.json', 'commented.yaml', 'page.md'].map((file) => readText(root, `content/notes/${file}`))).toEqual(texts);
    expect(mtime(root, 'content/notes/messy.json')).toBe(MTIME.getTime());
  });

  it('--check exits 0 on the sample site, which is canonical', async () => {
    const { code, stdout } = await fmt(copySampleSite(), '--check');
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  it('skips a malformed file (reported on stderr) and leaves it as it is', async () => {
    const root = notes();
    writeText(root, 'content/notes/broken.json', '{"title": ');
    const { code, stderr } = await fmt(root);
    expect(stderr).toContain('skipped (malformed, see cms validate): content/notes/broken.json\n');
    expect(readText(root, 'content/notes/broken.json')).toBe('{"title": ');
    expect(code).toBe(0);
  });

  it('formats draft and locale files with their own timestamps, and media entries', async () => {
    const root = copySampleSite();
    const file = 'content/articles/e9qj0xlp3sn55zvg78mvejd7.draft.json';
    const canonical = readText(root, file)!;
    const draft = JSON.parse(canonical);
    writeText(root, file, JSON.stringify(draft));
    writeText(root, 'content/upload/abf3j3sf1tbbnv1eqosoza59.json',
      readText(root, 'content/upload/abf3j3sf1tbbnv1eqosoza59.json')!.trimEnd());
    const { stdout } = await fmt(root);
    expect(stdout).toBe(`${file}\ncontent/upload/abf3j3sf1tbbnv1eqosoza59.json\n`
      .split('\n').sort().filter(Boolean).map((line) => `${line}\n`).join(''));
    expect(JSON.parse(readText(root, file)!)).toEqual(draft);
    expect(readText(root, file)).toBe(canonical);
  });

  it('moves a site to the merge-safe layout and back: git.mergeSafeLayout false keeps the compact layout canonical', async () => {
    const root = notes();
    const compact = '{\n  "title": "Tidy",\n  "rating": 3,\n  "createdAt": "2025-01-01T00:00:00.000Z",\n  "updatedAt": "2025-01-02T00:00:00.000Z"\n}\n';
    writeText(root, 'content/notes/tidy.json', compact);
    expect((await fmt(root, '--check')).stdout).toContain('content/notes/tidy.json\n');
    writeText(root, 'cms.config.json', JSON.stringify({ git: { mergeSafeLayout: false } }));
    expect((await fmt(root, '--check')).stdout).not.toContain('content/notes/tidy.json');
    writeText(root, 'content/notes/tidy.json', CANONICAL);
    const { stderr } = await fmt(root);
    expect(stderr).toBe('formatted 4 file(s)\n');
    expect(readText(root, 'content/notes/tidy.json')).toBe(compact);
  });

  it('an edit keeps the layout its file has: a compact file stays compact, a new file is merge-safe', async () => {
    const root = notes();
    writeText(root, 'content/notes/tidy.json', '{\n  "title": "Tidy",\n  "rating": 3\n}\n');
    const server = await startApp(root);
    await server.cms.documents('notes').update({ documentId: 'tidy', data: { rating: 4 } });
    expect(readText(root, 'content/notes/tidy.json')).toMatch(/^\{\n {2}"title": "Tidy",\n {2}"rating": 4,\n {2}"createdAt"/);
    const created = await server.cms.documents('notes').create({ data: { title: 'New', rating: 1 } });
    expect(readText(root, `content/notes/${created.documentId}.json`))
      .toMatch(/^\{\n {2}"title": "New",\n\n {2}"rating": 1,\n\n {2}"createdAt"/);
  });
});
