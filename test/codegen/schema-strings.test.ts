import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mergeEditorSettings } from '../../core/codegen/editor-settings.js';
import { contentFileSchemas } from '../../core/codegen/json-schema.js';
import { openApiDocument } from '../../core/codegen/openapi.js';
import { loadSchemaProject } from '../../core/codegen/project-schemas.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { makeProject } from '../helpers/project.js';

/** A schema whose display name tries to end a comment, open HTML and a Markdown link, and break a line. */
const HOSTILE = 'Evil */ export const pwned: number = 1; /* <img src=x onerror=alert(1)> [x](javascript:alert(1)) "q" \\ \u2028 end';

function hostileProject(): string {
  return makeProject({
    'cms.config.json': { locales: ['en'] },
    'schemas/note.json': {
      kind: 'collectionType',
      info: { singularName: 'note', pluralName: 'notes', displayName: HOSTILE },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' }, mood: { type: 'enumeration', enum: ['a"b', 'c*/d'] } },
    },
  });
}

/** Every string under `key` anywhere in a JSON value. */
function stringsUnder(value: unknown, key: string, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) stringsUnder(item, key, found);
  else if (value && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) {
      if (name === key && typeof child === 'string') found.push(child);
      else stringsUnder(child, key, found);
    }
  }
  return found;
}

describe('schema-provided strings in every generator', () => {
  it('cms types keeps a display name inside its comment: the file declares only its own types', async () => {
    ensureBuilt();
    const root = hostileProject();
    await promisify(execFile)(process.execPath, [BIN, 'types', '--root', root, '--out', 'cms-types.d.ts'], { cwd: root });
    const text = readFileSync(join(root, 'cms-types.d.ts'), 'utf8');
    const source = ts.createSourceFile('cms-types.d.ts', text, ts.ScriptTarget.ES2022, true);
    const declared = source.statements.map((statement) => ts.SyntaxKind[statement.kind]);
    expect(declared).not.toContain('VariableStatement');
    expect(declared.filter((kind) => kind !== 'ImportDeclaration' && kind !== 'InterfaceDeclaration' && kind !== 'TypeAliasDeclaration'
      && kind !== 'ModuleDeclaration')).toEqual([]);
    expect(text).toContain('/** Evil *\\/ export const pwned: number = 1; /* <img');
    expect(text).toContain('"a\\"b" | "c*/d"'); // enum values are string literals (JSON.stringify), not comments
  });

  it('OpenAPI descriptions escape Markdown and HTML; summaries and names stay as written, as JSON', async () => {
    const { models, config } = await loadSchemaProject(hostileProject());
    const document = openApiDocument(models, config);
    const descriptions = stringsUnder(document, 'description').filter((text) => text.includes('Evil'));
    expect(descriptions.length).toBeGreaterThan(0);
    for (const text of descriptions) {
      expect(text, text).not.toMatch(/(^|[^\\])[<[]/);
      expect(text).not.toMatch(/[\u2028\n]/);
    }
    expect(stringsUnder(document, 'summary')).toContain(`List ${HOSTILE} entries`);
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('JSON Schema and editor settings carry the name as JSON strings that read back unchanged', async () => {
    const { models } = await loadSchemaProject(hostileProject());
    const schemas = contentFileSchemas(models);
    const note = schemas.find((entry) => entry.name === 'notes.json')!;
    expect(JSON.parse(JSON.stringify(note.schema)).title).toBe(`${HOSTILE} (api::note.note): published version, default locale`);
    const settings = mergeEditorSettings('{}\n', schemas, '.cms/json-schema');
    expect(JSON.parse(settings)['json.schemas'].length).toBe(schemas.length);
  });
});
