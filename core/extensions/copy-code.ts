import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Folders of a Strapi project's `src/` that are no back-end code of its own: the admin panel, and the schemas (copied to schemas/). */
const SKIPPED = new Set(['admin', 'components']);
const SOURCE = /\.(js|ts|cjs|mjs|json)$/;
const SCHEMA = /[\\/]content-types[\\/][^\\/]+[\\/]schema\.json$/;
/** A plugin type's extension (the users-permissions user's added relations) stays where Strapi and the loader read it. */
const EXTENSION = /^extensions[\\/]/;

/** Every file under `dir`, project-relative to `base`. */
async function walk(dir: string, base: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path, base)));
    else if (entry.isFile()) found.push(relative(base, path));
  }
  return found;
}

/**
 * Copy a Strapi project's back-end code (`src/` but the admin panel, the schemas and the components,
 * which `copyStrapiSchemas` takes) into `<root>/src/`, as it is: lifecycles, routes, controllers,
 * services, policies, middlewares, `src/index`, the helper files they require and `src/extensions` (the user's
 * extended schema, core/schema/user-extension.ts). Returns the files written.
 *
 * @example
 * await copyStrapiCode('../my-strapi-app', './site') // ['src/index.js', 'src/api/article/routes/article.js', …]
 */
export async function copyStrapiCode(strapiProject: string, root: string): Promise<string[]> {
  const src = join(strapiProject, 'src');
  const files = (await walk(src, src))
    .filter((file) => SOURCE.test(file) && !SKIPPED.has(file.split(/[\\/]/)[0]) && (EXTENSION.test(file) || !SCHEMA.test(file)));
  for (const file of files) {
    await mkdir(dirname(join(root, 'src', file)), { recursive: true });
    await copyFile(join(src, file), join(root, 'src', file));
  }
  return files.map((file) => join('src', file));
}
