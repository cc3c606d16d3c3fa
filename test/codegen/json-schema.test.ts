import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { contentFileSchemas, type ContentFileSchema } from '../../core/codegen/json-schema.js';
import { mergeEditorSettings } from '../../core/codegen/editor-settings.js';
import { setupEditor, writeJsonSchemas } from '../../core/codegen/write-outputs.js';
import { markdownBodyAttribute } from '../../core/index/read-file.js';
import { parseFileName } from '../../core/index/file-name.js';
import { getParser } from '../../core/parsers/index.js';
import { loadModels } from '../../core/schema/registry.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);
const schemas = contentFileSchemas(models);
// Formats are annotations for editors; the patterns beside them carry the checks.
const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
const validators = new Map(schemas.map((entry) => [entry.name, ajv.compile(entry.schema)]));

/** The schema a file name selects, as the editor globs do. */
function schemaFor(folder: string, file: string): ContentFileSchema {
  const name = parseFileName(file)!;
  const variant = name.draft ? 'draft' : name.locale ? 'locale' : 'published';
  return schemas.find((entry) => entry.folder === folder && entry.variant === variant)!;
}

/** A content file's fields as stored (a Markdown body goes to its attribute, as loading does). */
function storedFields(folder: string, file: string): Record<string, unknown> {
  const text = readFileSync(join(REPO_ROOT, 'content', folder, file), 'utf8');
  const parsed = getParser(file)!.parse(text, file);
  const data = { ...(parsed.data as Record<string, unknown>) };
  if (parsed.body !== undefined) {
    const model = [...models.values()].find((candidate) => candidate.pluralName === folder)!;
    data[markdownBodyAttribute(model)!] = parsed.body;
  }
  return data;
}

const sampleFiles = readdirSync(join(REPO_ROOT, 'content')).flatMap((folder) =>
  readdirSync(join(REPO_ROOT, 'content', folder)).map((file) => [folder, file] as const));

const article = (): Record<string, unknown> => storedFields('articles', 'jfsgk21o4wtsoknlvf65xsrj.json');
const errorsOf = (name: string, data: unknown) => {
  const validate = validators.get(name)!;
  return validate(data) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
};

describe('cms json-schema: content files as stored', () => {
  it('writes one schema per type and file kind, with the editor globs', () => {
    expect(schemas.map((entry) => entry.name)).toEqual([
      'abouts.draft.json', 'abouts.json', 'articles.draft.json', 'articles.json', 'articles.locale.json',
      'authors.json', 'categories.json', 'globals.json', 'tags.json', 'upload.json',
    ]);
    expect(schemas.find((entry) => entry.name === 'articles.json')!.match.json).toEqual(['/content/articles/*.json',
      '!/content/articles/*.*.json']);
    expect(schemas.find((entry) => entry.name === 'articles.draft.json')!.match.yaml).toEqual(['/content/articles/*.draft.yaml',
      '/content/articles/*.draft.yml']);
  });

  it.each(sampleFiles)('validates the sample file content/%s/%s', (folder, file) => {
    const entry = schemaFor(folder, file);
    expect(errorsOf(entry.name, storedFields(folder, file))).toEqual([]);
  });

  const defects: [string, (data: Record<string, unknown>) => void, string][] = [
    ['an unknown field', (data) => { data.titel = 'x'; }, ' must NOT have additional properties'],
    ['a wrong type', (data) => { data.views = 'many'; }, '/views must be integer,null'],
    ['a bad enum value in a component',
      (data) => { (data.seo as { metaSocial: Record<string, unknown>[] }).metaSocial[0].socialNetwork = 'MySpace'; },
      '/seo/metaSocial/0/socialNetwork must be equal to one of the allowed values'],
    ['a missing required field', (data) => { delete data.title; }, " must have required property 'title'"],
    ['a malformed component', (data) => { data.seo = { metaTitle: 1, metaDescription: 'x' }; }, '/seo/metaTitle must be string,null'],
    ['a dynamic zone item of an unknown component', (data) => { (data.blocks as unknown[]).push({ __component: 'shared.nope' }); },
      '/blocks/3/__component must be equal to one of the allowed values'],
    ['a dynamic zone item with a field of another component',
      (data) => { (data.blocks as unknown[]).push({ __component: 'shared.quote', file: 'abc' }); },
      '/blocks/3 must NOT have additional properties'],
    ['a to-many relation as one documentId', (data) => { data.tags = 'b2hjgyg2kdh9a72boali13fe'; }, '/tags must be array,null'],
    ['a derived key', (data) => { data.documentId = 'abc'; }, ' must NOT have additional properties'],
  ];
  it.each(defects)('rejects %s', (_name, change, message) => {
    const data = article();
    change(data);
    expect(errorsOf('articles.json', data)).toContain(message);
  });

  it('rejects a bad enum value at the top level', () => {
    expect(errorsOf('tags.json', { name: 'x', color: 'purple' })).toContain('/color must be equal to one of the allowed values');
  });

  it('lets drafts and locale files leave out what only published or default-locale files need', () => {
    const data = article();
    delete data.title;
    expect(errorsOf('articles.draft.json', data)).toEqual([]);
    expect(errorsOf('articles.locale.json', data)).toContain(" must have required property 'title'");
    expect(errorsOf('abouts.draft.json', {})).toEqual([]);
  });

  it('takes a to-many inverse side only as a list of documentIds (its order; links live on the owning side)', () => {
    expect(errorsOf('tags.json', { name: 'x', articles: ['jfsgk21o4wtsoknlvf65xsrj'] })).toEqual([]);
    expect(errorsOf('tags.json', { name: 'x', articles: 'jfsgk21o4wtsoknlvf65xsrj' })).toContain('/articles must be array,null');
  });

  it('is deterministic: writing twice changes nothing', async () => {
    const root = copySampleSite();
    const dir = join(root, '.cms/json-schema');
    const first = await writeJsonSchemas(models, dir);
    expect(first.written).toHaveLength(schemas.length);
    const second = await writeJsonSchemas(models, dir);
    expect(second).toEqual({ written: [], removed: [], unchanged: schemas.length });
    expect(readFileSync(join(dir, 'tags.json'), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('removes a schema it wrote for a type that is gone, and nothing else', async () => {
    const root = copySampleSite();
    const dir = join(root, '.cms/json-schema');
    await writeJsonSchemas(models, dir);
    writeFileSync(join(dir, 'olds.json'), readFileSync(join(dir, 'tags.json')));
    writeFileSync(join(dir, 'mine.json'), '{}\n');
    const result = await writeJsonSchemas(models, dir);
    expect(result.removed).toEqual(['olds.json']);
    expect(existsSync(join(dir, 'mine.json'))).toBe(true);
  });
});

describe('cms editor-setup', () => {
  it('adds json.schemas and yaml.schemas, keeping other settings and comments', () => {
    const before = '{\n  // tabs, please\n  "editor.tabSize": 4,\n  "json.schemas": [{ "fileMatch": ["/x.json"], "url": "./x.schema.json" }],\n}\n';
    const text = mergeEditorSettings(before, schemas, '.cms/json-schema');
    expect(text).toContain('// tabs, please');
    expect(text).toContain('"editor.tabSize": 4');
    const settings = JSON.parse(text.replace(/\/\/.*\n/, '\n').replace(/,(\s*})/g, '$1')) as Record<string, unknown>;
    const json = settings['json.schemas'] as { url: string; fileMatch: string[] }[];
    expect(json[0]).toEqual({ fileMatch: ['/x.json'], url: './x.schema.json' });
    expect(json.find((entry) => entry.url === './.cms/json-schema/articles.locale.json')!.fileMatch).toEqual(['/content/articles/*.*.json',
      '!/content/articles/*.draft.json']);
    expect((settings['yaml.schemas'] as Record<string, string[]>)['./.cms/json-schema/tags.json']).toEqual(['/content/tags/*.yaml',
      '!/content/tags/*.*.yaml', '/content/tags/*.yml', '!/content/tags/*.*.yml']);
  });

  it('replaces its own entries on a second run instead of adding more', () => {
    const once = mergeEditorSettings('', schemas, '.cms/json-schema');
    expect(mergeEditorSettings(once, schemas, '.cms/json-schema')).toBe(once);
    expect((JSON.parse(once) as { 'json.schemas': unknown[] })['json.schemas']).toHaveLength(schemas.length);
  });

  it('refuses a settings file it cannot read instead of overwriting it', () => {
    expect(() => mergeEditorSettings('{ "a": ', schemas, '.cms/json-schema')).toThrow(/cannot be read/);
  });

  it('writes the schemas and .vscode/settings.json into the project', async () => {
    const root = copySampleSite();
    mkdirSync(join(root, '.vscode'));
    writeFileSync(join(root, '.vscode/settings.json'), '{ "files.eol": "\\n" }\n');
    const first = await setupEditor(root, models);
    expect(first.settingsChanged).toBe(true);
    expect(existsSync(join(root, '.cms/json-schema/articles.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8'))['files.eol']).toBe('\n');
    expect((await setupEditor(root, models)).settingsChanged).toBe(false);
  });
});
