import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { loadSchemaProject } from '../codegen/project-schemas.js';
import { DEFAULT_JSON_SCHEMA_DIR, setupEditor } from '../codegen/write-outputs.js';
import { ApplicationError } from '../errors.js';
import { KEPT_IDS_FILE, keptIdsText, type KeptLocale } from '../index/kept-ids.js';
import { newDocumentId } from '../service/document-id.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { copyStrapiCode } from '../extensions/copy-code.js';
import { strapiGraphqlConfig } from './strapi-graphql-config.js';
import { strapiUploadConfig } from './strapi-upload-config.js';
import { strapiMcpConfig } from './strapi-mcp-config.js';
import {
  CI_WORKFLOW, configJson, EXAMPLE_SCHEMA, exampleDocument, GITATTRIBUTES, GITIGNORE, packageJson, packageNameFor,
} from './scaffold-files.js';

export interface InitOptions {
  /** Folder to create the project in (created when missing). */
  dir: string;
  /** Write into a folder that is not empty (files of the same name are replaced). */
  force?: boolean;
  /** A Strapi project: its `src/api/*\/content-types` and `src/components` become `schemas/`, as they are. */
  fromStrapi?: string;
  /** The environment `config/plugins.js` reads through Strapi's `env()` (`--from-strapi`; default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** This package, as the new project's dependency (`{ name: 'gitcms', spec: '^0.1.0' }`). */
  dependency: { name: string; spec: string };
}

export interface InitResult {
  root: string;
  /** Files written, relative to the root, in order. */
  files: string[];
  /** Content types taken from the Strapi project (`--from-strapi`). */
  imported: string[];
  /** Why the editor settings were not written, if they were not. */
  editorSetupSkipped?: string;
  /** The Strapi project's GraphQL plugin settings carried into `cms.config.json` (`--from-strapi`), and what was left out. */
  graphql?: { carried?: Record<string, unknown>; notes: string[] };
  /** The upload plugin's settings carried from `config/plugins` (`upload` in cms.config.json). */
  upload?: Record<string, unknown>;
  /** The Strapi project's `server.mcp` settings carried into `cms.config.json` `mcp` (`--from-strapi`), and what was left out. */
  mcp?: { carried?: Record<string, unknown>; notes: string[] };
}

/** A folder counts as empty when it holds nothing but `.git` (a fresh `git init`). */
async function isEmpty(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return entries.every((entry) => entry === '.git');
}

/** Strapi's schema files: `src/api/<api>/content-types/<name>/schema.json` and `src/components/<category>/<name>.json`. */
async function strapiSchemaFiles(project: string): Promise<string[]> {
  const files: string[] = [];
  const list = (dir: string) => readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const api of await list(join(project, 'src/api'))) {
    if (!api.isDirectory()) continue;
    for (const type of await list(join(project, 'src/api', api.name, 'content-types'))) {
      const file = join('api', api.name, 'content-types', type.name, 'schema.json');
      if (type.isDirectory() && (await stat(join(project, 'src', file)).catch(() => undefined))?.isFile()) files.push(file);
    }
  }
  for (const category of await list(join(project, 'src/components'))) {
    if (!category.isDirectory()) continue;
    for (const component of await list(join(project, 'src/components', category.name))) {
      if (component.isFile() && component.name.endsWith('.json')) files.push(join('components', category.name, component.name));
    }
  }
  return files.sort();
}

/**
 * Copy a Strapi project's schema files into `<root>/schemas/` as they are. Returns the files
 * written and the content type uids.
 *
 * @example
 * await copyStrapiSchemas('../my-strapi-app', './site')
 * // { files: ['schemas/api/article/content-types/article/schema.json', …], types: ['api::article.article'] }
 */
export async function copyStrapiSchemas(strapiProject: string, root: string): Promise<{ files: string[]; types: string[] }> {
  const project = resolve(strapiProject);
  const schemaFiles = await strapiSchemaFiles(project);
  if (!schemaFiles.some((file) => file.startsWith('api'))) {
    throw new ApplicationError(`${project} has no src/api/*/content-types/*/schema.json: is it a Strapi project?`);
  }
  const files: string[] = [];
  const types: string[] = [];
  for (const file of schemaFiles) {
    await mkdir(dirname(join(root, 'schemas', file)), { recursive: true });
    await copyFile(join(project, 'src', file), join(root, 'schemas', file));
    files.push(join('schemas', file));
    const [, api, , name] = file.split(/[\\/]/);
    if (file.startsWith('api')) types.push(`api::${api}.${name}`);
  }
  return { files, types };
}

/**
 * Scaffold a project: package.json (this package as a dependency, start/validate scripts),
 * cms.config.json, an example type and document (or a Strapi project's schemas), .gitignore,
 * .gitattributes with the merge driver, a CI workflow, and the editor's JSON Schemas.
 *
 * @example
 * await initProject({ dir: './my-site', dependency: { name: 'gitcms', spec: '^0.1.0' } });
 */
/** The first locale's record, made once by `cms init`. */
const initialLocale = (now: string): KeptLocale =>
  ({ id: 1, documentId: newDocumentId(), name: 'English (en)', createdAt: now, updatedAt: now, publishedAt: now });

export async function initProject(options: InitOptions): Promise<InitResult> {
  const root = resolve(options.dir);
  if (!options.force && !(await isEmpty(root))) throw new ApplicationError(`${root} is not empty (pass --force to write into it)`);
  const files: string[] = [];
  const write = async (file: string, text: string) => {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFileAtomic(join(root, file), text);
    files.push(file);
  };

  const imported: string[] = [];
  let graphql: InitResult['graphql'];
  let upload: InitResult['upload'];
  let mcp: InitResult['mcp'];
  if (options.fromStrapi) {
    // read before the code is copied: a config file that throws stops init with nothing half-written
    const carried = await strapiGraphqlConfig(resolve(options.fromStrapi), options.env);
    graphql = { carried: carried.graphql, notes: carried.notes };
    // The upload provider (aws-s3 and its options) as configured there, secrets left in the environment.
    upload = await strapiUploadConfig(resolve(options.fromStrapi));
    const server = await strapiMcpConfig(resolve(options.fromStrapi), options.env);
    mcp = { carried: server.mcp, notes: server.notes };
    const copied = await copyStrapiSchemas(options.fromStrapi, root);
    files.push(...copied.files);
    imported.push(...copied.types);
    // The project's back-end code comes along; `cms init` then says which of it cannot run here.
    files.push(...(await copyStrapiCode(options.fromStrapi, root)));
  } else {
    await write('schemas/post.json', EXAMPLE_SCHEMA);
    await write(`content/posts/${newDocumentId()}.json`, exampleDocument(new Date().toISOString()));
  }
  await write('package.json', packageJson(packageNameFor(basename(root)), options.dependency));
  // A Strapi project's types stay private, as they were in Strapi: grant them in permissions.public.
  // and its GraphQL plugin's settings (config/plugins.js), as `graphql`
  const carriedConfig = { graphql: graphql?.carried, upload, mcp: mcp?.carried };
  await write('cms.config.json', configJson(options.fromStrapi ? [] : ['api::post.post'], carriedConfig));
  // The locale's row, as Strapi stores one at its first start: `GET /api/i18n/locales` answers it on every server.
  await write(KEPT_IDS_FILE, keptIdsText({ version: 1, rows: {}, locales: { en: initialLocale(new Date().toISOString()) } }));
  await write('.gitignore', GITIGNORE);
  await write('.gitattributes', GITATTRIBUTES);
  await write('.github/workflows/content.yml', CI_WORKFLOW);
  let editorSetupSkipped: string | undefined;
  try {
    const project = await loadSchemaProject(root);
    await setupEditor(root, project.models, DEFAULT_JSON_SCHEMA_DIR);
    files.push(relative(root, join(root, '.vscode/settings.json')));
  } catch (error) {
    editorSetupSkipped = (error as Error).message;
  }
  const notes = { ...(graphql ? { graphql } : {}), ...(upload ? { upload } : {}), ...(mcp ? { mcp } : {}) };
  return { root, files, imported, editorSetupSkipped, ...notes };
}
