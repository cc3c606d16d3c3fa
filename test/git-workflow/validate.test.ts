import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { copySampleSite, makeProject } from '../helpers/project.js';
import { cms, git, initRepo, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const STAMPS = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', publishedAt: '2025-01-01T00:00:00.000Z' };
const PIC = { name: 'pic.png', hash: 'pic_1', ext: '.png', mime: 'image/png', size: 1.5, url: '/uploads/pic_1.png', provider: 'local',
  createdAt: STAMPS.createdAt, updatedAt: STAMPS.updatedAt };

/** Books (localized, draft & publish) by writers, with a cover and a component: every rule validate checks. */
export const LIBRARY: Record<string, unknown> = {
  'cms.config.json': { locales: ['en', 'fr'], defaultLocale: 'en' },
  'schemas/book.json': {
    kind: 'collectionType',
    info: { singularName: 'book', pluralName: 'books', displayName: 'Book' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string', required: true, maxLength: 40 },
      isbn: { type: 'string', unique: true },
      slug: { type: 'uid', targetField: 'title' },
      pages: { type: 'integer', min: 1 },
      genre: { type: 'enumeration', enum: ['novel', 'essay'] },
      writer: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'books' },
      cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
      note: { type: 'component', component: 'parts.note', repeatable: false },
    },
  },
  'schemas/writer.json': {
    kind: 'collectionType',
    info: { singularName: 'writer', pluralName: 'writers', displayName: 'Writer' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', required: true },
      books: { type: 'relation', relation: 'oneToMany', target: 'api::book.book', mappedBy: 'writer' },
    },
  },
  'schemas/components/parts/note.json': { collectionName: 'components_parts_notes', info: { displayName: 'Note' },
    attributes: { text: { type: 'string', required: true } } },
  'content/books/dune.json': { title: 'Dune', isbn: '978-0441013593', slug: 'dune', pages: 412, genre: 'novel', writer: 'frank',
    cover: 'pic', note: { text: 'A classic' }, ...STAMPS },
  'content/books/dune.fr.yaml': `title: Dune (fr)\nslug: dune-fr\n`,
  'content/books/messiah.draft.json': { title: 'Dune Messiah', isbn: '978-0593098233' },
  'content/writers/frank.json': { name: 'Frank Herbert' },
  'content/upload/pic.json': PIC,
};

const project = (defects: Record<string, unknown> = {}) => makeProject({ ...LIBRARY, ...defects });
const validate = (root: string, ...args: string[]) => cms(['validate', '--root', root, ...args]);

beforeAll(() => validate(project())); // builds dist/ once if needed

describe('cms validate: a clean project', () => {
  it('exits 0 with nothing on stdout and a summary on stderr', async () => {
    const { code, stdout, stderr } = await validate(project());
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^ok: \d+ rows in 2 content types\n$/);
    expect(code).toBe(0);
  });

  it('passes on the sample site', async () => {
    const { code, stdout } = await validate(copySampleSite());
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });

  it('--format json prints an empty list', async () => {
    const { code, stdout } = await validate(project(), '--format', 'json');
    expect(JSON.parse(stdout)).toEqual([]);
    expect(code).toBe(0);
  });
});

/** [what is wrong, files to add, the line printed (`path:line:col: message`)]. */
const DEFECTS: [string, Record<string, unknown>, string | RegExp][] = [
  ['malformed JSON', { 'content/books/broken.json': '{\n  "title": "Broken",\n}\n' }, /^content\/books\/broken\.json:3:1: invalid JSON: /],
  ['malformed YAML', { 'content/books/broken.yaml': 'title: Broken\npages: [1, 2\n' }, /^content\/books\/broken\.yaml:\d+:\d+: /],
  ['malformed Markdown front matter', { 'content/writers/jo.md': '---\nname: Jo\nname: again\n---\n' }, /^content\/writers\/jo\.md:3:1: /],
  ['an unknown attribute', { 'content/books/extra.yaml': 'title: Extra\nsubtitle: not in the schema\n' },
    'content/books/extra.yaml:2:1: unknown attribute "subtitle" (not in api::book.book)'],
  ['a wrong type', { 'content/books/wrong.json': '{\n  "title": "Wrong",\n  "pages": "many"\n}\n' },
    'content/books/wrong.json:3:3: pages must be an integer'],
  ['a value outside the enumeration', { 'content/books/poem.yaml': 'title: Poem\ngenre: poetry\n' },
    /^content\/books\/poem\.yaml:2:1: genre must be one of/],
  ['a uid with spaces', { 'content/books/spaced.yaml': 'title: Spaced\nslug: has spaces\n' },
    /^content\/books\/spaced\.yaml:2:1: slug must be a uid/],
  ['a derived key written in the file', { 'content/writers/ann.json': '{\n  "id": 3,\n  "name": "Ann"\n}\n' },
    'content/writers/ann.json:2:3: "id" is derived from the file name; remove it'],
  ['a missing required field on a published version', { 'content/books/untitled.yaml': 'isbn: "1"\npages: 3\n' },
    'content/books/untitled.yaml:1:1: title is required'],
  ['a missing required field in a component', { 'content/books/noted.yaml': 'title: Noted\nnote:\n  text: null\n' },
    'content/books/noted.yaml:3:3: note.text is required'],
  ['a string longer than maxLength', { 'content/books/long.yaml': `title: ${'x'.repeat(41)}\n` },
    'content/books/long.yaml:1:1: title must be at most 40 characters'],
  ['a number below min', { 'content/books/empty.yaml': 'title: Empty\npages: 0\n' },
    'content/books/empty.yaml:2:1: pages must be greater than or equal to 1'],
  ['a duplicate unique value', { 'content/books/copy.yaml': 'title: Copy\nisbn: 978-0441013593\n' },
    'content/books/copy.yaml:2:1: isbn "978-0441013593" is already used by content/books/dune.json'],
  ['a duplicate uid in one locale', { 'content/books/dune2.yaml': 'title: Dune 2\nslug: dune\n' },
    /^content\/books\/(dune\.json:4:3|dune2\.yaml:2:1): slug "dune" is already used by content\/books\/(dune2\.yaml|dune\.json)$/],
  ['two files for one document version', { 'content/writers/frank.yaml': 'name: Frank again\n' },
    'content/writers/frank.yaml:1:1: same document version as content/writers/frank.json: keep one file per documentId, locale and status'],
  ['a relation to a missing document', { 'content/books/lost.yaml': 'title: Lost\nwriter: nobody\n' },
    'content/books/lost.yaml:2:1: writer points at api::writer.writer "nobody", which does not exist'],
  ['a media reference to a missing file', { 'content/books/bare.yaml': 'title: Bare\ncover: gone\n' },
    'content/books/bare.yaml:2:1: cover points at plugin::upload.file "gone", which does not exist'],
  ['an unknown locale in a file name', { 'content/books/dune.de.json': '{ "title": "Der Wüstenplanet" }' },
    /^content\/books\/dune\.de\.json(:1:1)?: unknown locale "de"/],
  ['the default locale in a file name', { 'content/books/dune.en.json': '{ "title": "Dune" }' },
    /^content\/books\/dune\.en\.json(:1:1)?: the default locale "en" is the plain file/],
  ['a locale on a type that is not localized', { 'content/writers/frank.fr.json': '{ "name": "Frank" }' },
    /^content\/writers\/frank\.fr\.json(:1:1)?: api::writer\.writer is not localized/],
  ['a draft file of a type without draft & publish', { 'content/writers/frank.draft.json': '{ "name": "Frank" }' },
    /^content\/writers\/frank\.draft\.json(:1:1)?: api::writer\.writer has no draft & publish/],
  ['a file name that is not <documentId>[.<locale>][.draft].<ext>', { 'content/books/a.b.c.d.json': '{}' },
    /^content\/books\/a\.b\.c\.d\.json(:1:1)?: file name must be/],
  ['a folder no content type owns', { 'content/novels/x.json': '{}' },
    /^content\/novels\/x\.json(:1:1)?: no content type has the folder "novels"/],
];

describe('cms validate: every kind of defect prints path:line:col: message and exits 1', () => {
  it.each(DEFECTS)('%s', async (_kind, defect, expected) => {
    const { code, stdout, stderr } = await validate(project(defect));
    const lines = stdout.split('\n').filter(Boolean);
    if (typeof expected === 'string') expect(lines).toContain(expected);
    else expect(lines.some((line) => expected.test(line)), `${lines.join('\n')} should match ${expected}`).toBe(true);
    for (const line of lines) expect(line).toMatch(/^content\/[^:]+:\d+:\d+: \S/);
    expect(stderr).toMatch(/^\d+ problem\(s\) found\n$/);
    expect(code).toBe(1);
  });

  it('malformed JSON with a missing value points at the unexpected token', async () => {
    const { stdout } = await validate(project({ 'content/books/gap.json': '{\n  "title": "Gap",\n  "pages": \n}\n' }));
    expect(stdout).toMatch(/^content\/books\/gap\.json:4:1: invalid JSON: /m);
  });

  it('leaves drafts incomplete: a missing required field on a draft is not a problem', async () => {
    const { code } = await validate(project({ 'content/books/idea.draft.yaml': 'pages: 3\n' }));
    expect(code).toBe(0);
  });

  it('reports every problem of a project at once, sorted by file', async () => {
    const { code, stdout } = await validate(project({
      'content/books/lost.yaml': 'title: Lost\nwriter: nobody\n',
      'content/books/broken.json': '{',
      'content/writers/frank.yaml': 'name: Frank again\n',
    }));
    const files = stdout.split('\n').filter(Boolean).map((line) => line.split(':')[0]);
    expect(files).toEqual(['content/books/broken.json', 'content/books/lost.yaml', 'content/writers/frank.yaml']);
    expect(code).toBe(1);
  });

  it('names a merge git left unresolved as such, every block of the file, instead of invalid JSON, YAML or a served Markdown body', async () => {
    const hint = "resolve it or run the merge with `cms git-setup`'s driver";
    const { code, stdout } = await validate(project({
      'content/writers/frank.json': '{\n<<<<<<< HEAD\n  "name": "Frank"\n=======\n  "name": "Frank Herbert"\n>>>>>>> b\n}\n',
      'content/books/twice.yaml': '<<<<<<< HEAD\ntitle: A\n=======\ntitle: B\n>>>>>>> b\n\n<<<<<<< HEAD\npages: 1\n||||||| base\npages: 0\n=======\npages: 2\n>>>>>>> b\n',
      'content/writers/jo.md': '---\nname: Jo\n---\n\nSetext heading\n=======\n\n<<<<<<< ours\nOur line.\n=======\nTheir line.\n>>>>>>> theirs\n',
    }));
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `content/books/twice.yaml:1:1: unresolved merge conflict (lines 1–5): ${hint}`,
      `content/books/twice.yaml:7:1: unresolved merge conflict (lines 7–13): ${hint}`,
      `content/writers/frank.json:2:1: unresolved merge conflict (lines 2–6): ${hint}`,
      `content/writers/jo.md:8:1: unresolved merge conflict (lines 8–12): ${hint}`,
    ]);
    expect(code).toBe(1);
  });

  it('adds no line for the documents that only point at a broken file (its own line is the problem)', async () => {
    const { stdout } = await validate(project({ 'content/writers/frank.json': '{\n  "name": \n}\n', 'content/upload/pic.json': '{' }));
    expect(stdout.split('\n').filter(Boolean).map((line) => line.split(':')[0]))
      .toEqual(['content/upload/pic.json', 'content/writers/frank.json']);
  });

  it('reports every problem of one file in one run', async () => {
    const { stdout } = await validate(
      project({ 'content/books/many.yaml': 'title: Many\npages: lots\ngenre: poetry\nslug: has spaces\n' }),
    );
    expect(stdout.split('\n').filter(Boolean).filter((line) => line.startsWith('content/books/many.yaml'))).toEqual([
      expect.stringMatching(/^content\/books\/many\.yaml:2:1: pages must be an integer/),
      expect.stringMatching(/^content\/books\/many\.yaml:3:1: genre must be one of/),
      expect.stringMatching(/^content\/books\/many\.yaml:4:1: slug must be a uid/),
    ]);
  });

  const badSchema = { 'schemas/writer.json': { kind: 'collectionType', info: { singularName: 'writer', pluralName: 'writers' },
    attributes: { name: { type: 'nope' } } } };

  it('reports an invalid schema the same way, and exits 1', async () => {
    const { code, stdout } = await validate(project(badSchema));
    expect(stdout).toMatch(/^schemas\/writer\.json:\d+:\d+: .*nope/m);
    expect(code).toBe(1);
  });

  it('reports an invalid schema as an annotation with --format github', async () => {
    const { code, stdout } = await validate(project(badSchema), '--format', 'github');
    expect(stdout).toMatch(/^::error file=schemas\/writer\.json,line=\d+,col=\d+::.*nope/m);
    expect(code).toBe(1);
  });

  it('reports an invalid config file as path:line:col', async () => {
    const { code, stdout } = await validate(project({ 'cms.config.json': '{ "locales": "en" }' }));
    expect(stdout).toMatch(/^cms\.config\.json:\d+:\d+: /m);
    expect(code).toBe(1);
  });
});

describe('cms validate: references left dangling by a git merge', () => {
  it('finds the relation and the media a branch still points at after the other branch deleted them', async () => {
    const root = project();
    initRepo(root);
    git(root, 'checkout', '--quiet', '-b', 'cleanup');
    rmSync(join(root, 'content/writers/frank.json'));
    rmSync(join(root, 'content/upload/pic.json'));
    git(root, 'commit', '--quiet', '--all', '-m', 'Remove Frank and the picture');
    git(root, 'checkout', '--quiet', 'main');
    writeText(root, 'content/books/children.yaml', 'title: Children of Dune\nwriter: frank\ncover: pic\n');
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Add a sequel');
    git(root, 'merge', '--quiet', '--no-edit', 'cleanup');
    expect(git(root, 'status', '--porcelain')).toBe('');

    const { code, stdout } = await validate(root);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'content/books/children.yaml:2:1: writer points at api::writer.writer "frank", which does not exist',
      'content/books/children.yaml:3:1: cover points at plugin::upload.file "pic", which does not exist',
      'content/books/dune.json:7:3: writer points at api::writer.writer "frank", which does not exist',
      'content/books/dune.json:8:3: cover points at plugin::upload.file "pic", which does not exist',
    ]);
    expect(code).toBe(1);
  });
});

describe('cms validate --format', () => {
  const defects = { 'content/books/lost.yaml': 'title: Lost\nwriter: nobody\n',
    'content/books/broken.json': '{\n  "title": "Broken",\n}\n' };

  it('json: a list of { file, line, column, message }', async () => {
    const { code, stdout } = await validate(project(defects), '--format', 'json');
    expect(JSON.parse(stdout)).toEqual([
      { file: 'content/books/broken.json', line: 3, column: 1, message: expect.stringMatching(/^invalid JSON: /) },
      { file: 'content/books/lost.yaml', line: 2, column: 1,
        message: 'writer points at api::writer.writer "nobody", which does not exist' },
    ]);
    expect(code).toBe(1);
  });

  it('github: one ::error workflow annotation per problem', async () => {
    const { code, stdout } = await validate(project(defects), '--format', 'github');
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error file=content\/books\/broken\.json,line=3,col=1::invalid JSON: /);
    expect(lines[1])
      .toBe('::error file=content/books/lost.yaml,line=2,col=1::writer points at api::writer.writer "nobody", which does not exist');
    expect(code).toBe(1);
  });

  it('rejects an unknown format as a usage error (exit 2)', async () => {
    const { code, stderr } = await validate(project(), '--format', 'xml');
    expect(stderr).toMatch(/xml/);
    expect(code).toBe(2);
  });
});
