import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

/** Every content action, granted to the Public role so HTTP writes are allowed in the temp copy. */
const ALL = ['find', 'findOne', 'create', 'update', 'delete'];
const TYPES = ['api::article.article', 'api::author.author', 'api::category.category', 'api::tag.tag', 'api::global.global',
  'api::about.about'];

/** A private copy of the sample site whose Public role may create, update and delete everything. */
export function writableSite(): string {
  const root = copySampleSite();
  const file = join(root, 'cms.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.permissions.public = Object.fromEntries(TYPES.map((uid) => [uid, ALL]));
  // The write tests pin what each write does to updatedAt/publishedAt lines: timestamps in files,
  // not the shipped site's timestamps from history (test/git-workflow/timestamps-from-history covers that).
  config.git = { ...config.git, timestampsFromHistory: false };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return root;
}

export interface WriteServer extends TestServer {
  root: string;
  post: (path: string, data: unknown) => Promise<{ status: number; body: any }>;
  put: (path: string, data: unknown) => Promise<{ status: number; body: any }>;
  del: (path: string) => Promise<{ status: number; text: string }>;
  /** A content file's text, or undefined when it does not exist. */
  file: (path: string) => string | undefined;
  /** The JSON of a content file. */
  json: (path: string) => any;
  /** File names in a content folder. */
  folder: (name: string) => string[];
}

/** A writable sample site served by the real app, with short-hands for `{ data }` bodies. */
export async function writeServer(root = writableSite()): Promise<WriteServer> {
  const server = await startApp(root);
  const file = (path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);
  return {
    ...server,
    root,
    post: (path, data) => server.sendJson('POST', path, { data }),
    put: (path, data) => server.sendJson('PUT', path, { data }),
    del: async (path) => {
      const response = await server.request(path, { method: 'DELETE' });
      return { status: response.status, text: await response.text() };
    },
    file,
    json: (path) => JSON.parse(file(path) ?? 'null'),
    folder: (name) => readdirSync(join(root, 'content', name)).sort(),
  };
}

/** Lines that differ between two texts of the same length in lines (a simple positional diff). */
export function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const changed: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) changed.push(b[i] ?? '');
  return changed;
}

/** Sample-site documentIds used across the write tests. */
export const SAMPLE = {
  /** Article "Pizza napoletana" (JSON): en published, fr published with a newer fr draft. */
  pizza: 'epw01z20kac98v6t19d3eer8',
  /** Article "Coffee brewing methods compared" (YAML), en only, published. */
  coffee: 'ukiqxyo770bnnzmm64aonruc',
  /** Article "Release notes" (YAML): published with a differing draft. */
  release: 'ws1hnjhoh5q7f19uq4u5e8yo',
  /** Author David Doe (Markdown). */
  david: 'g5nep3nk2vklh3r9oo6o7oju',
  /** Author of the pizza article (Markdown). */
  pizzaAuthor: 'qig4xffu7hjyawrhvhipfbv9',
  /** Category "Nature". */
  nature: 'dr53qgpqqvshydcnntpfqvew',
  /** Tags. */
  coffeeTag: 'b2hjgyg2kdh9a72boali13fe',
  /** Media files. */
  avatar: 'abf3j3sf1tbbnv1eqosoza59',
} as const;

/**
 * PUT a new name to each tag at once (`Renamed <i>`), noting `answered <id>` in `events` as each answer arrives (the write
 * tests order it against their file system's events); resolves to the statuses.
 */
export function renameTagsAtOnce(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, ids: string[], events: string[],
): Promise<number[]> {
  return Promise.all(ids.map(async (id, i) => {
    const response = await app.request(`/api/tags/${id}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: `Renamed ${i}` } }) });
    events.push(`answered ${id}`);
    return response.status;
  }));
}
