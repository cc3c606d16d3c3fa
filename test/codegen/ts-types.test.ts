import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { typeDeclarations } from '../../core/codegen/ts-types.js';
import { loadModels } from '../../core/schema/registry.js';
import { ensureBuilt } from '../cli/built-cli.js';
import { makeProject, REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);

/**
 * A consumer project inside the repository, so `gitcms` resolves to this package by its own name
 * (package.json `exports`, the built `dist/`) and `@types/node` from its node_modules.
 */
const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
  parsedOutside.clear();
});
async function typeCheck(files: Record<string, string>, skipLibCheck = false): Promise<string> {
  ensureBuilt();
  const dir = mkdtempSync(join(REPO_ROOT, 'test/codegen/.types-fixture-'));
  fixtures.push(dir);
  const tsconfig = {
    compilerOptions: {
      strict: true, skipLibCheck, noEmit: true, target: 'ES2022', lib: ['ESNext', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext',
      types: ['node'],
    },
    files: Object.keys(files),
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return tsc(dir);
}

/** Declarations read outside a fixture (the library's dist/, @types/node, TypeScript's lib files), parsed once for this file's checks. */
const parsedOutside = new Map<string, ts.SourceFile | undefined>();

/**
 * What `tsc -p <dir>/tsconfig.json` prints to a pipe ('' when the project type-checks): its diagnostics, each as
 * `file(line,col): error TSnnnn: …` with paths relative to the project. TypeScript's compiler run as tsc runs it (the config's
 * program, then every pre-emit diagnostic), in this worker: each tsc process loaded TypeScript and parsed the same declarations
 * outside the fixture again, which both checks now share (as an editor's language service shares them between programs).
 */
function tsc(dir: string): string {
  const fail = (diagnostic: ts.Diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); };
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), undefined,
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail })!;
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, onError, create) => {
    if (file.startsWith(`${dir}/`)) return read(file, version, onError, create);
    const key = `${file}|${JSON.stringify(version)}`;
    if (!parsedOutside.has(key)) parsedOutside.set(key, read(file, version, onError, create));
    return parsedOutside.get(key);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host, configFileParsingDiagnostics: config.errors });
  const diagnostics = ts.sortAndDeduplicateDiagnostics([...config.errors, ...ts.getPreEmitDiagnostics(program)]);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (file) => file, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}

const USAGE = `
import { createCms } from 'gitcms';
import type { Article, ArticleShape } from './cms-types.js';

const cms = await createCms({ root: '.' });
const articles = cms.documents('api::article.article');

// Typed results: fields pick scalars, populate adds links.
const list = await articles.findMany({ filters: { title: { $containsi: 'coffee' } }, fields: ['title', 'slug'], populate: ['author'], sort: 'views:desc' });
const title: string = list[0].title;   // required: non-null, as Strapi's generated types have it
// @ts-expect-error description is not required, so it may be null
const description: string = (await articles.findFirst({ fields: ['description'] }))!.description;
const documentId: string = list[0].documentId;
const authorName: string | null | undefined = list[0].author?.name;
// @ts-expect-error views is not in fields
list[0].views;
// @ts-expect-error tags are not populated
list[0].tags;

const byPlural = await cms.documents('articles').findOne({ documentId: 'x', populate: { tags: { fields: ['name'] }, seo: { populate: ['metaSocial'] } } });
const tagNames: string[] = byPlural ? byPlural.tags.map((tag) => tag.name) : [];
const socials = byPlural?.seo?.metaSocial.map((social) => social.socialNetwork);
const everything = await articles.findFirst({ populate: '*' });
const coverUrl: string | undefined = everything?.cover?.url;
const full: Article | null = everything;

// Dynamic zones are unions discriminated on __component.
const one = await articles.findOne({ documentId: 'x', populate: ['blocks'] });
for (const block of one?.blocks ?? []) {
  if (block.__component === 'shared.quote') { const quoteTitle: string | null = block.title; }
  // @ts-expect-error title exists on shared.quote only
  if (block.__component === 'shared.media') block.title;
}

// Filters through relations and components, $and / $or / $not, implicit $eq and $in.
await articles.findMany({ filters: { author: { name: { $eq: 'David' } }, seo: { metaTitle: { $containsi: 'x' } }, $or: [{ views: { $gte: 10 } }, { featured: true }] } });
await articles.findMany({ filters: { views: [1, 2], tags: { $null: true }, publishDate: { $between: ['2025-01-01', '2025-12-31'] } } });
await cms.documents('tags').findMany({ filters: { color: 'red' } });
const count: number = await cms.documents('authors').count({ filters: { email: { $endsWith: '@strapi.io' } } });

// Writes take the type's fields.
await cms.documents('tags').create({ data: { name: 'Espresso', color: 'red' } });

// @ts-expect-error unknown content type
cms.documents('artcles');
// @ts-expect-error unknown filter field
await articles.findMany({ filters: { titel: 'x' } });
// @ts-expect-error a text operator on a number
await articles.findMany({ filters: { views: { $containsi: 'x' } } });
// @ts-expect-error a string where a number is expected
await articles.findMany({ filters: { views: { $gt: 'ten' } } });
// @ts-expect-error an unknown operator
await articles.findMany({ filters: { title: { $like: 'x' } } });
// @ts-expect-error an unknown key in a relation filter
await articles.findMany({ filters: { author: { nme: 'x' } } });
// @ts-expect-error not one of the enumeration's values
await cms.documents('tags').findMany({ filters: { color: 'purple' } });
// @ts-expect-error an unknown field in fields
await articles.findMany({ fields: ['titel'] });
// @ts-expect-error an unknown sort key
await articles.findMany({ sort: 'titel:asc' });
// @ts-expect-error an unknown populate key
await articles.findMany({ populate: ['autor'] });
// @ts-expect-error an unknown populate key, object form
await articles.findMany({ populate: { autor: true } });
// @ts-expect-error an unknown field in a write
await cms.documents('tags').create({ data: { nam: 'x' } });
const author = await cms.documents('authors').findFirst();
// @ts-expect-error private fields are never returned
author?.secretNote;
// @ts-expect-error a decimal is a number, not a string
const reading: string = (await articles.findFirst())!.readingTime!;

export const used = [title, description, documentId, authorName, tagNames, socials, coverUrl, full, count, reading] as const;
export type Used = ArticleShape;
`;

const UNTYPED = `
import { createCms, type Data } from 'gitcms';
const cms = await createCms({ root: '.' });
const rows: Data[] = await cms.documents('anything').findMany({ filters: { whatever: { $eq: 1 } }, populate: ['x'] });
export const used = rows;
`;

/** A type with a required and an optional single component (the sample site has neither). */
const pageModels = () => loadModels(makeProject({
  'schemas/page.json': {
    kind: 'collectionType', collectionName: 'pages', info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' }, options: {},
    attributes: {
      hero: { type: 'component', component: 'blocks.hero', repeatable: false, required: true },
      aside: { type: 'component', component: 'blocks.hero', repeatable: false },
    },
  },
  'schemas/components/blocks/hero.json': {
    collectionName: 'components_blocks_heroes', info: { displayName: 'Hero' }, attributes: { heading: { type: 'string', required: true } },
  },
}));

const PAGE_USAGE = `
import { createCms } from 'gitcms';
const cms = await createCms({ root: '.' });
const page = await cms.documents('pages').findFirst({ populate: ['hero', 'aside'] });
const heading: string = page!.hero.heading;   // a required single component is never null
// @ts-expect-error an optional single component may be null
const aside: string = page!.aside.heading;
export const used = [heading, aside] as const;
`;

describe('cms types', () => {
  it('is deterministic and names every content type and component', () => {
    const text = typeDeclarations(models);
    expect(typeDeclarations(models)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('"api::article.article": ArticleShape;');
    expect(text).toContain('"articles": "api::article.article";');
    expect(text).toContain('"shared.seo": SharedSeoComponentShape;');
    expect(text).toContain('color: "red" | "green" | "blue" | "yellow" | null;');
    expect(text).not.toMatch(/fields: \{[^}]*secretNote/);
  });

  it('types required attributes as non-null and the others as nullable, as Strapi\'s generated types do', () => {
    const text = typeDeclarations(models);
    const tag = /export interface TagShape \{[\s\S]*?\n\}/.exec(text)![0];
    expect(tag).toMatch(/\n {4}name: string;\n/);
    expect(tag).toMatch(/\n {4}color: "red" \| "green" \| "blue" \| "yellow" \| null;\n/);
    // Writes stay nullable: a draft may leave a required field empty until it is published.
    expect(tag).toMatch(/input: \{[\s\S]*name: string \| null;/);
    const page = typeDeclarations(pageModels());
    expect(page).toContain("hero: { target: \"blocks.hero\"; many: false; kind: 'component'; required: true };");
    expect(page).toContain("aside: { target: \"blocks.hero\"; many: false; kind: 'component' };");
  });

  it('types the library end to end under strict with skipLibCheck false (tsc on a consumer project)', async () => {
    // typo.ts proves the check can fail: its one error is the whole output.
    const typo = "import { createCms } from 'gitcms';\nconst cms = await createCms();\nawait cms.documents('articles').findMany({ filters: { titel: 'x' } });\nexport {};\n";
    const output = await typeCheck({
      'cms-types.d.ts': typeDeclarations(models), 'usage.ts': USAGE, 'typo.ts': typo,
      'page-types.d.ts': typeDeclarations(pageModels()), 'page-usage.ts': PAGE_USAGE,
    });
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^typo\.ts\(3,\d+\): error TS2561: .*'titel' does not exist in type 'Filters<ArticleShape>'/),
    ]);
  // tsc over the library's declarations and a consumer: 121 s at load 21 in CI, over the default limit.
  }, 300_000);

  it('keeps the untyped library when no declarations are generated', async () => {
    // The libraries' declarations were checked above; skipping them here halves the test's CPU time.
    expect(await typeCheck({ 'usage.ts': UNTYPED }, true)).toBe('');
  }, 120_000);
});
