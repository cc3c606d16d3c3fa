// docs/guide/extending.md shows the project files the replay test runs (test/extensions/project/src), as they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';

const page = readFileSync(join(REPO_ROOT, 'docs/guide/extending.md'), 'utf8');
const shown = [...page.matchAll(/^`(src\/[^`]+)`[^\n]*:\n\n```js static\n([\s\S]*?)```$/gm)].map(([, path, code]) => [path, code] as const);

it('shows the slug lifecycle, the wrapped find, the routers, the policy and the middleware', () => {
  expect(shown.map(([path]) => path)).toEqual([
    'src/api/article/content-types/article/lifecycles.js', 'src/api/article/controllers/article.js', 'src/api/article/routes/article.js',
    'src/api/article/routes/custom.js', 'src/policies/has-like-header.js', 'src/middlewares/add-header.js',
  ]);
});

it.each(shown)('shows %s as the replayed project has it', (path, code) => {
  expect(code).toBe(readFileSync(join(import.meta.dirname, 'project', path), 'utf8'));
});

const bootstrapShown = [...page.matchAll(/^[^\n]*\(`test\/extensions\/(bootstrap\/src\/[^`]+)`\):\n\n```js static\n([\s\S]*?)```$/gm)]
  .map(([, path, code]) => [path, code] as const);

it('shows the bootstrap project\'s src/index.js and its lifecycle reading the request', () => {
  expect(bootstrapShown.map(([path]) => path)).toEqual(['bootstrap/src/index.js', 'bootstrap/src/api/review/content-types/review/lifecycles.js']);
});

it.each(bootstrapShown)('shows %s as the replayed bootstrap project has it', (path, code) => {
  expect(code).toBe(readFileSync(join(import.meta.dirname, path), 'utf8'));
});

it('shows cms.server.ts, the gitcms-native way, as the served and type-checked project has it', () => {
  const [, code] = /^`cms\.server\.ts`[^\n]*:\n\n```ts static\n([\s\S]*?)```$/m.exec(page) ?? [];
  expect(code).toBe(readFileSync(join(import.meta.dirname, 'native/cms.server.ts'), 'utf8'));
});
