import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { ValidationError } from '../errors.js';
import type { ContentFileSchema } from './json-schema.js';

interface JsonSchemaAssociation { fileMatch?: string[]; url?: string; [key: string]: unknown }

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * `.vscode/settings.json` with the content file schemas wired in: `json.schemas` (VS Code's JSON
 * service) and `yaml.schemas` (Red Hat's YAML extension), by path pattern. Entries that point into
 * `schemaDir` are ours and replaced; every other setting, entry and comment is kept (JSONC edits).
 *
 * @example
 * mergeEditorSettings('{ "editor.tabSize": 2 }\n', contentFileSchemas(models), '.cms/json-schema')
 */
export function mergeEditorSettings(text: string, schemas: ContentFileSchema[], schemaDir: string): string {
  const errors: ParseError[] = [];
  const current = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown> | undefined;
  if (errors.length || !current || typeof current !== 'object' || Array.isArray(current)) {
    const reason = errors.length ? printParseErrorCode(errors[0].error) : 'not an object';
    throw new ValidationError(`.vscode/settings.json cannot be read (${reason}); fix it, then run cms editor-setup again`);
  }
  const prefix = `./${schemaDir.replace(/^\.\//, '').replace(/\/$/, '')}/`;
  const ours = (url: unknown) => typeof url === 'string' && url.startsWith(prefix);

  const jsonEntries = (Array.isArray(current['json.schemas']) ? current['json.schemas'] : []) as JsonSchemaAssociation[];
  const jsonSchemas = [
    ...jsonEntries.filter((entry) => !ours(entry?.url)),
    ...schemas.map((entry) => ({ fileMatch: entry.match.json, url: `${prefix}${entry.name}` })),
  ];
  const yamlCurrent = current['yaml.schemas'];
  const yamlEntries = yamlCurrent && typeof yamlCurrent === 'object' && !Array.isArray(yamlCurrent)
    ? yamlCurrent as Record<string, unknown>
    : {};
  const yamlSchemas: Record<string, unknown> = Object.fromEntries(Object.entries(yamlEntries).filter(([url]) => !ours(url)));
  for (const entry of schemas) yamlSchemas[`${prefix}${entry.name}`] = entry.match.yaml;

  let out = text.trim() ? text : '{}\n';
  out = applyEdits(out, modify(out, ['json.schemas'], jsonSchemas, FORMAT));
  out = applyEdits(out, modify(out, ['yaml.schemas'], yamlSchemas, FORMAT));
  return out.endsWith('\n') ? out : `${out}\n`;
}
