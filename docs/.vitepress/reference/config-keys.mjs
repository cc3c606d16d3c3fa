// The key table of docs/reference/configuration.md: every setting of `CmsConfig` (core/config/types.ts), with its default from
// DEFAULT_CONFIG (the one list of what exists: an unknown key is an error) and its TSDoc. Regenerate with `npm run docs:reference`.
import ts from 'typescript';
import { DEFAULT_CONFIG } from '../../../dist/core/config/types.js';
import { cell } from './markdown.mjs';
import { CONFIG_TYPES, sourcesProgram } from './program.mjs';

/** Settings that hold the user's own names (types, formats, shapes) rather than settings of their own. */
const FREE_MAPS = new Set(['permissions.public', 'permissions.authenticated', 'upload.breakpoints', 'export.populate', 'server.cacheControl', 'preview.config.urls']);

const isRecord = (value) => !!value && typeof value === 'object' && !Array.isArray(value);

/** Rows `[path, default, description]` for every setting, depth first in the interface's order. */
export function configKeyRows() {
  const program = sourcesProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(CONFIG_TYPES);
  const config = source.statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'CmsConfig');
  const rows = [];
  const visit = (type, path, defaults, inherited) => {
    for (const property of type.getProperties()) {
      const at = path ? `${path}.${property.name}` : property.name;
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      const value = isRecord(defaults) ? defaults[property.name] : undefined;
      const propertyType = checker.getTypeOfSymbolAtLocation(property, config);
      if (isRecord(value) && !FREE_MAPS.has(at)) {
        // A group: its own doc (if any) goes on its first row when the member has none.
        visit(propertyType, at, value, doc || inherited);
        continue;
      }
      const shown = value === undefined ? '' : `\`${JSON.stringify(value)}\``;
      rows.push([at, shown, doc || inherited || '']);
      inherited = '';
    }
  };
  visit(checker.getTypeAtLocation(config), '', DEFAULT_CONFIG, '');
  return rows;
}

/** The Markdown table. */
export function configKeysTable() {
  const lines = ['| Key | Default | What it sets |', '|---|---|---|'];
  for (const [path, shown, doc] of configKeyRows()) lines.push(`| \`${path}\` | ${cell(shown)} | ${cell(doc)} |`);
  return `${lines.join('\n')}\n`;
}
