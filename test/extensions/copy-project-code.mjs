#!/usr/bin/env node
// node copy-project-code.mjs PROJECT_SRC REF_SRC — the back-end code of a project's src/ into the reference's src/
// (strapi-ref-with-code.sh): every .js/.ts/.cjs/.json file except the admin panel, plugin folders, content-type
// schemas (the reference mirrors those from schemas/) and src/index (copied as project-index.js, merged there).
// The reference is a JavaScript Strapi project, which loads `.js` only (a TypeScript project runs its `dist/`, compiled
// by `strapi build`): `.ts` files are compiled to CommonJS `.js` as `strapi build` does, with this repository's
// typescript, so a TypeScript project's own code runs unchanged.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const [from, to] = process.argv.slice(2);
const ts = createRequire(import.meta.url)('typescript');
const SKIP = new Set(['admin', 'extensions', 'plugins']);

function copy(file, target) {
  mkdirSync(dirname(target), { recursive: true });
  if (!file.endsWith('.ts') || file.endsWith('.d.ts')) return cpSync(file, target);
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), { fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
  writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
}

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    const path = relative(from, file);
    if (entry.isDirectory()) {
      if (!(dir === from && SKIP.has(entry.name))) walk(file);
    } else if (/^index\.(js|ts|cjs)$/.test(path)) {
      copy(file, join(to, `project-index${path.slice(5)}`));
    } else if (/\.(js|ts|cjs|json)$/.test(entry.name) && !/content-types\/[^/]+\/schema\.json$/.test(path)) {
      copy(file, join(to, path));
    }
  }
}
walk(from);
