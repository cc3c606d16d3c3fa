import { MERGE_ATTRIBUTE } from '../git/merge-setup.js';
import { stringifyJsonFile } from '../parsers/bounded-indent.js';
import { isGitSpec } from './dependency-spec.js';

/** The files `cms init` writes besides schemas, as text by path (one place to read what a new site holds). */

/** An npm package name from a folder name (`My Site!` → `my-site`). */
export function packageNameFor(folder: string): string {
  const name = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|[-._]+$/g, '');
  return name || 'my-site';
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The project's manifest. A git dependency is built by its `prepare` script on install, which npm
 * 11.16+ lists as unreviewed and npm 12 skips (leaving the package unbuilt) unless `allowScripts`
 * names it: the same source `cms init` ran from, so it is allowed here.
 */
export function packageJson(name: string, dependency: { name: string; spec: string }): string {
  return json({
    name,
    private: true,
    type: 'module',
    scripts: { start: 'cms serve', validate: 'cms validate', fmt: 'cms fmt', export: 'cms export --out public-api' },
    dependencies: { [dependency.name]: dependency.spec },
    ...(isGitSpec(dependency.spec) ? { allowScripts: { [dependency.spec]: true } } : {}),
  });
}

/** A new site's cms.config.json: its public grants and the settings carried from a Strapi project's config. */
type Carried = Partial<Record<'graphql' | 'upload' | 'mcp', Record<string, unknown>>>;
export function configJson(publicTypes: string[], carried: Carried = {}): string {
  const { graphql, upload, mcp } = carried;
  const grants: Record<string, string[]> = {};
  for (const uid of publicTypes) grants[uid] = ['find', 'findOne'];
  grants['plugin::i18n.locales'] = ['listLocales'];
  // Timestamps from Git history: two pull requests editing different fields of one document merge
  // with a hosting site's plain line merge (no timestamp lines to collide on). Serve from a full clone.
  return json({
    locales: ['en'], defaultLocale: 'en', permissions: { public: grants },
    server: { port: 1337, host: 'localhost' }, git: { timestampsFromHistory: true }, ...(graphql ? { graphql } : {}),
    ...(upload ? { upload } : {}),
    ...(mcp ? { mcp } : {}),
  });
}

export const GITIGNORE = 'node_modules/\n.cms/\n.env\n.env.local\n*.tmp\npublic-api/\n';

/** Commit it: every clone then asks for the merge driver (`cms git-setup` once per clone). */
export const GITATTRIBUTES = `${MERGE_ATTRIBUTE}\n`;

/** `--no-install`: a bare `npx cms` would fetch an unrelated package named `cms` where this one is missing. */
export const CI_WORKFLOW = `name: content
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm install
      - run: npx --no-install cms validate --format github
      - run: npx --no-install cms fmt --check
`;

/** The example content type: a post with a title, a slug and a body, drafts and publishing on. */
export const EXAMPLE_SCHEMA = json({
  kind: 'collectionType',
  collectionName: 'posts',
  info: { singularName: 'post', pluralName: 'posts', displayName: 'Post', description: 'An example type: edit or replace it' },
  options: { draftAndPublish: true },
  pluginOptions: {},
  attributes: {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title' },
    body: { type: 'richtext' },
  },
});

/** The example post, in the merge-safe layout every write uses (a blank line between fields). */
export function exampleDocument(now: string): string {
  const fields = {
    title: 'Hello, world',
    slug: 'hello-world',
    body: 'This post lives in a file under `content/posts/`. Edit it, commit it, and the API answers the change.',
    // updatedAt and publishedAt come from Git history (`git.timestampsFromHistory`), never from the file.
    createdAt: now,
  };
  return stringifyJsonFile(fields, new Set([fields]));
}
