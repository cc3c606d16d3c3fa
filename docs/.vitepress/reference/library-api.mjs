// docs/reference/library-api.md from the TSDoc of the package's entry points (package.json `exports`), read with the TypeScript
// compiler API: every export, grouped by the comment above it in the entry file, with its signature, summary and @example.
// Regenerate with `npm run docs:reference`; test/docs/reference.test.ts fails while it is stale.
import { join, relative } from 'node:path';
import ts from 'typescript';
import { prose as esc } from './markdown.mjs';
import { entryPoints, sourcesProgram } from './program.mjs';

const ROOT = join(import.meta.dirname, '../../..');

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

function describe(checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.declarations?.[0];
  const docs = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
  const examples = target.getJsDocTags(checker).filter((tag) => tag.name === 'example').map((tag) => ts.displayPartsToString(tag.text).trim());
  const source = declaration ? `${relative(ROOT, declaration.getSourceFile().fileName)}` : '';
  let kind = 'value';
  let signature = '';
  if (declaration && (ts.isFunctionDeclaration(declaration) || ts.isVariableDeclaration(declaration))) {
    const type = checker.getTypeOfSymbolAtLocation(target, declaration);
    const signatures = type.getCallSignatures();
    kind = signatures.length ? 'function' : 'const';
    signature = signatures.length
      ? signatures.map((sig) => `function ${symbol.name}${checker.signatureToString(sig, declaration, ts.TypeFormatFlags.NoTruncation)}`).join('\n')
      : `const ${symbol.name}: ${checker.typeToString(type, declaration)}`;
  } else if (declaration && ts.isClassDeclaration(declaration)) {
    kind = 'class';
    const heritage = declaration.heritageClauses?.map((clause) => clause.getText()).join(' ') ?? '';
    signature = oneLine(`class ${symbol.name} ${heritage}`);
  } else if (declaration && ts.isInterfaceDeclaration(declaration)) {
    kind = 'interface';
    signature = declaration.getText().replace(/^export\s+/, '');
  } else if (declaration && ts.isTypeAliasDeclaration(declaration)) {
    kind = 'type';
    const text = declaration.getText().replace(/^export\s+/, '');
    signature = text.length <= 600 ? text : `${text.slice(0, text.indexOf('=') + 1)} …  // see ${source}`;
  }
  return { name: symbol.name, kind, docs, examples, source, signature };
}

/** Export names of an entry file in order, each with the `//` comment of its export statement (the group it belongs to). */
function groups(sourceFile) {
  const out = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    const comment = (ts.getLeadingCommentRanges(sourceFile.text, statement.pos) ?? [])
      .map((range) => sourceFile.text.slice(range.pos, range.end)).filter((text) => text.startsWith('//'))
      .map((text) => text.replace(/^\/\/\s?/, '')).join(' ');
    const names = statement.exportClause.elements.map((element) => element.name.text);
    if (comment || !out.length) out.push({ title: comment.replace(/\.$/, ''), names });
    else out.at(-1).names.push(...names);
  }
  return out;
}

function entrySection(program, entry) {
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(entry.file);
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  const byName = new Map(checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.name, symbol]));
  const lines = [`## ${entry.importPath}`, '', '```ts static', `import { … } from '${entry.importPath}';`, '```', ''];
  const moduleDoc = /^\/\*\*([\s\S]*?)\*\//.exec(sourceFile.text);
  if (moduleDoc) {
    const text = moduleDoc[1].split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n');
    const [summary, example] = text.split('@example');
    lines.push(esc(summary.trim()), '');
    if (example) lines.push('```ts static', example.trim(), '```', '');
  }
  for (const group of groups(sourceFile)) {
    if (group.title) lines.push(`### ${esc(group.title)}`, '');
    for (const name of group.names) {
      const symbol = byName.get(name);
      if (!symbol) continue;
      const item = describe(checker, symbol);
      lines.push(`#### ${name}`, '', `*${item.kind}*, in \`${item.source}\``, '');
      if (item.docs) lines.push(esc(item.docs), '');
      if (item.signature) lines.push('```ts static', item.signature, '```', '');
      for (const example of item.examples) lines.push('Example:', '', '```ts static', example, '```', '');
    }
  }
  return lines.join('\n');
}

/** The page's Markdown. */
export function libraryApiReference() {
  const entries = entryPoints();
  const program = sourcesProgram();
  const out = [
    '# Library API',
    '',
    '<!-- Generated from the TSDoc by docs/.vitepress/reference/library-api.mjs (npm run docs:reference): do not edit. -->',
    '',
    'Every export of the package, from the TSDoc in its source: signatures as the TypeScript compiler prints them, grouped as the',
    'entry file groups them. How to use it: [the library](../guide/library.md).',
    '',
    ...entries.map((entry) => entrySection(program, entry)),
  ];
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
