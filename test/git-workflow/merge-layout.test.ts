import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadModels } from '../../core/schema/registry.js';
import { serializeDocument } from '../../core/storage/serialize.js';
import { copySampleSite, makeProject, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { cms, git, initRepo, readText, writeText } from './helpers.js';
import { type Locale, merge, type Note, NOTE_SCHEMAS, seed, T0 } from './note-model.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/**
 * The merge-button proof: content in the merge-safe layout (the default), timestamps from Git
 * history, merged by plain `git merge` with no driver configured, as GitHub, GitLab and Bitbucket
 * merge a pull request. 100 documents in JSON, YAML and Markdown (some with a French version);
 * two branches edit different fields of the same 40 through the write path.
 */
const FORMATS = ['json', 'yaml', 'md'] as const;

/** One branch's edit: the locale it writes, what it changes, and whether that field is shared by every locale. */
interface Edit { locale: Locale; change: (note: Note) => void; everyLocale?: true }

const id = (at: number) => `note${String(at).padStart(3, '0')}`;
const format = (at: number) => FORMATS[at % 3];
/** Which documents have a French version: the localized/non-localized cases, and some others. */
const hasFrench = (at: number) => (at < 40 ? at % 8 === 4 || at % 8 === 5 : at % 5 === 0);

/** The 40 shared documents: what branch a and branch b change, always different fields. */
const CASES: [string, Edit, Edit][] = [
  ['top-level fields on adjacent lines',
    { locale: 'en', change: (n) => { n.title = 'Retitled on a'; } },
    { locale: 'en', change: (n) => { n.description = 'Described on b'; } }],
  ['two fields of one component',
    { locale: 'en', change: (n) => { n.seo.metaTitle = 'Meta on a'; } },
    { locale: 'en', change: (n) => { n.seo.metaDescription = 'Meta description on b'; } }],
  ['front matter against the body',
    { locale: 'en', change: (n) => { n.title = 'Retitled on a'; } },
    { locale: 'en', change: (n) => { n.body = n.body.replace('First paragraph', 'Opening paragraph'); } }],
  ['different items of a repeatable component',
    { locale: 'en', change: (n) => { n.blocks[0].title = 'Quote on a'; } },
    { locale: 'en', change: (n) => { n.blocks[1].body = 'Said on b'; } }],
  ['a non-localized field (both locale files) against a localized one',
    { locale: 'fr', change: (n) => { n.views = 5000; }, everyLocale: true },
    { locale: 'en', change: (n) => { n.description = 'Described on b'; } }],
  ['the French version: two localized fields',
    { locale: 'fr', change: (n) => { n.title = 'Titre sur a'; } },
    { locale: 'fr', change: (n) => { n.description = 'Décrit sur b'; } }],
  ['the body against a component field',
    { locale: 'en', change: (n) => { n.body = n.body.replace('Last paragraph', 'Final paragraph'); } },
    { locale: 'en', change: (n) => { n.seo.metaTitle = 'Meta on b'; } }],
  ['an item of a component list against the last field',
    { locale: 'en', change: (n) => { n.blocks[1].title = 'Quote on a'; } },
    { locale: 'en', change: (n) => { n.body = `${n.body}\n\nAdded on b.`; } }],
];
const SHARED = Array.from({ length: 40 }, (_, at) => at);

/** The 100 documents (and French versions) on `main`, written by the serializer in the default layout. */
function project(): string {
  const root = makeProject({
    ...NOTE_SCHEMAS,
    'cms.config.json': { locales: ['en', 'fr'], permissions: { public: { notes: ['find', 'findOne', 'update'] } },
      git: { timestampsFromHistory: true } },
  });
  const models = loadModels(root);
  const model = models.get('api::note.note')!;
  for (let at = 0; at < 100; at++) {
    for (const locale of hasFrench(at) ? ['en', 'fr'] as const : ['en'] as const) {
      const file = `content/notes/${id(at)}${locale === 'fr' ? '.fr' : ''}.${format(at)}`;
      writeText(root, file, serializeDocument(models, model, file, { data: { ...seed(at, locale) }, createdAt: T0,
        publishedAt: undefined }));
    }
  }
  initRepo(root);
  return root;
}

/** The notes as both edits should leave them: document → locale → fields. */
function expected(edits: { a?: boolean; b?: boolean }): Map<string, Map<Locale, Note>> {
  const notes = new Map<string, Map<Locale, Note>>();
  for (let at = 0; at < 100; at++) {
    notes.set(id(at), new Map((hasFrench(at) ? ['en', 'fr'] as const : ['en'] as const).map((locale) => [locale, seed(at, locale)])));
  }
  for (const at of SHARED) {
    const [, a, b] = CASES[at % CASES.length];
    for (const [edit, on] of [[a, edits.a], [b, edits.b]] as const) {
      if (!on) continue;
      // A non-localized field is the same in every locale (Strapi keeps them in sync).
      for (const [locale, note] of notes.get(id(at))!) if (edit.everyLocale || locale === edit.locale) edit.change(note);
    }
  }
  return notes;
}

const POPULATE = 'populate[seo]=true&populate[blocks]=true';

async function read(server: TestServer, documentId: string, locale: Locale): Promise<Note> {
  const { status, body } = await server.getJson(`/api/notes/${documentId}?locale=${locale}&${POPULATE}`);
  expect(status).toBe(200);
  const { title, description, views, seo, blocks, body: text } = body.data;
  return { title, description, views, seo: { metaTitle: seo.metaTitle, metaDescription: seo.metaDescription },
    blocks: blocks.map((item: Note['blocks'][0]) => ({ title: item.title, body: item.body })), body: text };
}

/** On a fresh server over the checked-out branch: each shared document's edit, through the API's write path; committed. */
async function work(root: string, branch: 'a' | 'b' | 'c', edits: (at: number) => Edit | undefined): Promise<void> {
  const server = await startApp(root, { report: () => {} });
  for (const at of SHARED) {
    const edit = edits(at);
    if (!edit) continue;
    const note = await read(server, id(at), edit.locale);
    edit.change(note);
    const { status } = await server.sendJson('PUT', `/api/notes/${id(at)}?locale=${edit.locale}`, { data: note });
    expect(status).toBe(200);
  }
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', `Edits on ${branch}`);
}

async function expectNotes(root: string, notes: Map<string, Map<Locale, Note>>): Promise<void> {
  const server = await startApp(root, { report: () => {} });
  for (const [documentId, locales] of notes) {
    for (const [locale, note] of locales) {
      expect({ documentId, locale, ...(await read(server, documentId, locale)) }).toEqual({ documentId, locale, ...note });
    }
  }
}

/** What `cms git-setup` configures: the driver's own small entry, by absolute path. */
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;

/** Branch c retitles (top-level) or re-metas (component) two documents each that a edited the same way: a real conflict each. */
const SAME_FIELD = SHARED.filter((at) => at % CASES.length <= 1).slice(0, 4);
const sameFieldEdit = (at: number): Edit | undefined => (!SAME_FIELD.includes(at) ? undefined : at % CASES.length === 0
  ? { locale: 'en', change: (n) => { n.title = 'Retitled on c'; } }
  : { locale: 'en', change: (n) => { n.seo.metaTitle = 'Meta on c'; } });
const fileOf = (at: number) => `content/notes/${id(at)}.${format(at)}`;
const CONFLICTING = SAME_FIELD.map(fileOf).sort();
const HINT = "resolve it or run the merge with `cms git-setup`'s driver";

describe('the merge-safe layout under a plain git merge (no driver configured)', () => {
  let root: string;
  /** Files the plain merge of a and b left conflicting. */
  let plain: string[];

  beforeAll(async () => {
    root = project();
    git(root, 'branch', 'b');
    git(root, 'branch', 'c');
    git(root, 'checkout', '--quiet', '-b', 'a');
    await work(root, 'a', (at) => CASES[at % CASES.length][1]);
    git(root, 'checkout', '--quiet', 'b');
    await work(root, 'b', (at) => CASES[at % CASES.length][2]);
    git(root, 'checkout', '--quiet', 'c');
    await work(root, 'c', sameFieldEdit);
    // Without a driver, as a hosting site's merge button: no merge setting at all.
    expect(() => git(root, 'config', '--get-regexp', '^merge\\.')).toThrow();
    git(root, 'checkout', '--quiet', '-b', 'plain', 'a');
    plain = merge(root, 'b');
  });

  it('merges different-field edits of 40 shared documents with 0 conflicts, keeps every edit, and cms validate passes', async () => {
    expect(plain).toEqual([]);
    await expectNotes(root, expected({ a: true, b: true }));
    const validate = await cms(['validate', '--root', root]);
    expect(validate.stdout).toBe('');
    expect(validate.code).toBe(0);
  });

  it('still conflicts on same-field edits: exactly those documents, one block each, named by cms validate', async () => {
    git(root, 'checkout', '--quiet', '-b', 'plain-c', 'plain');
    expect(merge(root, 'c')).toEqual(CONFLICTING);
    const problems = await cms(['validate', '--root', root]);
    expect(problems.stdout.split('\n').filter(Boolean)).toEqual(CONFLICTING.map((file) => {
      const lines = readText(root, file)!.split('\n');
      expect(lines.filter((line) => line.startsWith('<<<<<<< '))).toHaveLength(1);
      const start = lines.findIndex((line) => line.startsWith('<<<<<<< ')) + 1;
      const end = lines.findIndex((line) => line.startsWith('>>>>>>> ')) + 1;
      return `${file}:${start}:1: unresolved merge conflict (lines ${start}–${end}): ${HINT}`;
    }));
    expect(problems.code).toBe(1);
    git(root, 'merge', '--abort');
  });

  it('gives, with the driver configured, the same merged documents byte for byte, and the same conflicts', async () => {
    const unlabelled = (file: string) => readText(root, file)!.replace(/^([<>]{7}) .*$/gm, '$1');
    git(root, 'checkout', '--quiet', 'plain-c');
    merge(root, 'c');
    const lineMerged = new Map(CONFLICTING.map((file) => [file, unlabelled(file)]));
    git(root, 'merge', '--abort');

    git(root, 'checkout', '--quiet', '-b', 'driven', 'a');
    expect((await cms(['git-setup', '--root', root, '--command', DRIVER])).code).toBe(0);
    expect(merge(root, 'b')).toEqual([]);
    expect(git(root, 'diff', '--stat', 'plain', '--', 'content')).toBe('');
    expect(merge(root, 'c')).toEqual(CONFLICTING);
    for (const file of CONFLICTING) expect(readText(root, file)!.match(/^<<<<<<< /gm)).toHaveLength(1);
    // A top-level field: the very text the line merge leaves (only the markers' labels differ). A
    // component field: the line merge marks its one line, the driver the whole component.
    for (const at of SAME_FIELD.filter((at) => at % CASES.length === 0)) expect(unlabelled(fileOf(at))).toBe(lineMerged.get(fileOf(at)));
    git(root, 'merge', '--abort');
  });
});

describe('the sample site as shipped', () => {
  const ARTICLES = ['jfsgk21o4wtsoknlvf65xsrj', 'erdjn7qamd22o2key07vrft5', 'leo9mpmgjqi9e4y3lvswznjb', 'b21v569v53nyjqpe0huv43m6',
    'ukiqxyo770bnnzmm64aonruc'];

  it('is in the merge-safe layout with timestamps from history', () => {
    const config = JSON.parse(readText(REPO_ROOT, 'cms.config.json')!);
    expect(config.git).toEqual({ timestampsFromHistory: true });
    expect(readText(REPO_ROOT, 'content/articles/ukiqxyo770bnnzmm64aonruc.yaml')).toMatch(/^title: .*\n\ndescription: /);
    expect(readText(REPO_ROOT, 'content/articles/leo9mpmgjqi9e4y3lvswznjb.json')).toMatch(/^\{\n {2}"title": .*,\n\n {2}"description": /);
  });

  it('merges two branches that edit title and description of the same 5 articles through the CLI: 0 conflicts', async () => {
    const root = copySampleSite();
    initRepo(root);
    git(root, 'branch', 'b');
    const edit = async (branch: string, field: 'title' | 'description') => {
      git(root, 'checkout', '--quiet', branch);
      for (const documentId of ARTICLES) {
        const run = await cms(['update', 'articles', documentId, '--root', root, '--data',
          JSON.stringify({ [field]: `${field} from ${branch} ${documentId}` })]);
        expect(run.code).toBe(0);
      }
      git(root, 'commit', '--quiet', '--all', '-m', `${field} on ${branch}`);
    };
    await edit('main', 'title');
    await edit('b', 'description');
    git(root, 'checkout', '--quiet', 'main');
    expect(merge(root, 'b')).toEqual([]);
    const server = await startApp(root, { report: () => {} });
    for (const documentId of ARTICLES) {
      const { body } = await server.getJson(`/api/articles/${documentId}`);
      expect(body.data).toMatchObject({ title: `title from main ${documentId}`, description: `description from b ${documentId}` });
    }
    expect((await cms(['validate', '--root', root])).code).toBe(0);
  });
});
