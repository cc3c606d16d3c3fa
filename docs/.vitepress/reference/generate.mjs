// Writes the generated reference pages and regions (`npm run docs:reference`, after `npm run build`: the CLI's is read from dist/).
// test/docs/reference.test.ts compares each with a fresh generation, so a change to the CLI, the TSDoc, the config or the Project
// choices that is not regenerated fails the tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choicesTable } from './choices.mjs';
import { cliReference } from './cli.mjs';
import { configKeysTable } from './config-keys.mjs';
import { libraryApiReference } from './library-api.mjs';

const DOCS = join(import.meta.dirname, '../..');

/** Whole pages: docs-relative path → text. */
export const generatedPages = async () => ({ 'reference/cli.md': await cliReference(), 'reference/library-api.md': libraryApiReference() });

/** Regions of hand-written pages, between `<!-- generated:name -->` and `<!-- /generated:name -->`: name → [page, text]. */
export const generatedRegions = () => ({
  'config-keys': ['reference/configuration.md', configKeysTable()],
  'choices': ['reference/conformance.md', choicesTable()],
});

/** A page's text with one region replaced; throws when the page lacks the markers. */
export function withRegion(page, name, text) {
  const start = `<!-- generated:${name} -->\n`;
  const end = `<!-- /generated:${name} -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start.trim()} … ${end} region`);
  return page.slice(0, from + start.length) + text + page.slice(to);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, text] of Object.entries(await generatedPages())) writeFileSync(join(DOCS, path), text);
  for (const [name, [path, text]] of Object.entries(generatedRegions())) {
    writeFileSync(join(DOCS, path), withRegion(readFileSync(join(DOCS, path), 'utf8'), name, text));
  }
  console.log('docs reference regenerated');
}
