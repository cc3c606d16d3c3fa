import { readdirSync, type Dirent } from 'node:fs';
import { join, sep } from 'node:path';
import { LinkError, readTextNoFollowSync } from '../storage/no-follow.js';
import { FileError, ProjectProblemsError } from '../errors.js';
import { parseJsonText } from '../parsers/json.js';
import { unknownCustomField, withCustomFieldType } from './custom-fields.js';
import { SCALAR_TYPES, UPLOAD_FILE_UID, type Attribute, type Model } from './types.js';
import { uploadFileModel } from './upload-file.js';
import { extendedUser, storeUserLinksOnTheirTypes } from './user-extension.js';
import { ADMIN_USER_UID, adminUserModel, targetsAdminUsers } from './admin-user.js';
import { roleModel, ROLE_UID, targetsUsers, USER_UID, userModel } from './user-model.js';

/** Every problem found in `schemas/`, reported together so one run fixes them all. */
export class SchemaError extends ProjectProblemsError {
  constructor(problems: FileError[]) {
    super('Invalid schema', problems, 'SchemaError');
  }
}

const KNOWN_TYPES = new Set<string>([...SCALAR_TYPES, 'media', 'relation', 'component', 'dynamiczone']);
const RELATIONS = new Set([
  'oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay', 'morphToOne', 'morphToMany', 'morphOne', 'morphMany',
]);
const RESERVED_ATTRIBUTES = new Set([
  'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', '__component',
  '__proto__', 'constructor', 'prototype',
]);

interface RawSchema {
  kind?: string;
  info?: { singularName?: string; pluralName?: string; displayName?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes?: Record<string, Attribute>;
}

/** Where a schema file sits decides what it is (Strapi's tree, our flat layout, or a component). */
function classify(relativePath: string): { modelType: 'contentType' | 'component'; uid?: string } | undefined {
  const parts = relativePath.split(sep).join('/').split('/');
  if (parts[0] === 'components' && parts.length === 3) {
    return { modelType: 'component', uid: `${parts[1]}.${parts[2].replace(/\.json$/, '')}` };
  }
  if (parts[0] === 'api' && parts.length === 5 && parts[2] === 'content-types' && parts[4] === 'schema.json') {
    return { modelType: 'contentType', uid: `api::${parts[1]}.${parts[3]}` };
  }
  if (parts.length === 1) return { modelType: 'contentType' };
  return undefined;
}

function toModel(raw: RawSchema, file: string, modelType: 'contentType' | 'component', uid: string | undefined): Model {
  const info = raw.info ?? {};
  const attributes: Record<string, Attribute> = Object.create(null);
  for (const [name, attribute] of Object.entries(raw.attributes ?? {})) attributes[name] = withCustomFieldType(attribute);
  if (modelType === 'component') {
    return {
      uid: uid!, modelType, kind: 'component', singularName: uid!, pluralName: uid!,
      displayName: info.displayName ?? uid!, draftAndPublish: false, localized: false,
      attributes, attributeNames: Object.keys(attributes), file,
    };
  }
  const singularName = info.singularName ?? '';
  return {
    uid: uid ?? `api::${singularName}.${singularName}`,
    modelType,
    kind: raw.kind === 'singleType' ? 'singleType' : 'collectionType',
    singularName,
    pluralName: info.pluralName ?? '',
    displayName: info.displayName ?? singularName,
    draftAndPublish: raw.options?.draftAndPublish === true,
    localized: raw.pluginOptions?.i18n?.localized === true,
    attributes,
    attributeNames: Object.keys(attributes),
    file,
  };
}

function checkModel(model: Model, models: Map<string, Model>): FileError[] {
  const problems: FileError[] = [];
  const fail = (message: string) => problems.push(new FileError(model.file, message));
  if (model.modelType === 'contentType') {
    if (!/^[a-z][a-z0-9-]*$/.test(model.singularName)) fail(`info.singularName must be kebab-case, got "${model.singularName}"`);
    if (!/^[a-z][a-z0-9-]*$/.test(model.pluralName)) fail(`info.pluralName must be kebab-case, got "${model.pluralName}"`);
    if (model.pluralName === model.singularName) fail('info.pluralName and info.singularName must differ');
    if (model.pluralName === 'upload') fail('info.pluralName "upload" is reserved for media files');
  }
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const at = `attribute "${name}"`;
    if (RESERVED_ATTRIBUTES.has(name)) fail(`${at}: the name is reserved`);
    if ((attribute?.type as string) === 'customField') { fail(`${at}: ${unknownCustomField(attribute.customField)}`); continue; }
    if (!attribute || typeof attribute !== 'object' || !KNOWN_TYPES.has(attribute.type)) {
      fail(`${at}: unknown type "${(attribute as Attribute | undefined)?.type}"`);
      continue;
    }
    if (attribute.type === 'enumeration' && (!Array.isArray(attribute.enum) || attribute.enum.length === 0)) {
      fail(`${at}: enumeration needs a non-empty "enum" list`);
    }
    if (attribute.type === 'component') {
      if (!attribute.component || !models.has(attribute.component)) fail(`${at}: component "${attribute.component}" does not exist`);
    }
    if (attribute.type === 'dynamiczone') {
      if (!Array.isArray(attribute.components) || attribute.components.length === 0) fail(`${at}: dynamic zone needs a "components" list`);
      for (const component of attribute.components ?? []) {
        if (!models.has(component)) fail(`${at}: component "${component}" does not exist`);
      }
    }
    if (attribute.type === 'relation') {
      if (!RELATIONS.has(String(attribute.relation))) { fail(`${at}: unknown relation "${attribute.relation}"`); continue; }
      if (String(attribute.relation).startsWith('morph')) continue;
      const target = attribute.target ? models.get(attribute.target) : undefined;
      if (!target || target.modelType !== 'contentType') { fail(`${at}: relation target "${attribute.target}" does not exist`); continue; }
      if ((target.uid === USER_UID || target.uid === ROLE_UID) && (attribute.mappedBy || attribute.inversedBy)
        && target.file === '<built-in>') {
        fail(`${at}: a relation to ${target.uid} is one-way here (no mappedBy or inversedBy) unless `
          + 'src/extensions/users-permissions/content-types/user/schema.json declares its other side');
        continue;
      }
      if (attribute.mappedBy) {
        const owner = target.attributes[attribute.mappedBy];
        if (!owner || owner.type !== 'relation' || owner.target !== model.uid) {
          fail(`${at}: mappedBy "${attribute.mappedBy}" is not a relation of ${target.uid} back to ${model.uid}`);
        }
      }
      if (attribute.inversedBy) {
        const inverse = target.attributes[attribute.inversedBy];
        if (!inverse || inverse.type !== 'relation' || inverse.target !== model.uid) {
          fail(`${at}: inversedBy "${attribute.inversedBy}" is not a relation of ${target.uid} back to ${model.uid}`);
        }
      }
    }
    if (attribute.type === 'uid' && attribute.targetField && !model.attributes[attribute.targetField]) {
      fail(`${at}: targetField "${attribute.targetField}" does not exist`);
    }
  }
  return problems;
}

/**
 * Every entry under `dir` but hidden ones, as `{ path, dirent }` with `path` relative to `dir`; links are
 * listed, never followed. A folder that is not there lists nothing. A walk of our own, not a glob
 * package: the merge driver git starts per file loads schemas, and a glob package's start costs more than
 * the walk of a project's schemas.
 */
function listEntries(dir: string, prefix = ''): { path: string; dirent: Dirent }[] {
  let dirents: Dirent[];
  try {
    dirents = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return dirents.filter((dirent) => !dirent.name.startsWith('.')).flatMap((dirent) => {
    const path = prefix ? join(prefix, dirent.name) : dirent.name;
    return [{ path, dirent }, ...(dirent.isDirectory() ? listEntries(dir, path) : [])];
  });
}

/**
 * Load every schema under `<root>/schemas`: Strapi's tree (`api/<name>/content-types/<name>/schema.json`),
 * the flat layout (`<singularName>.json`) and components (`components/<category>/<name>.json`).
 * Throws one SchemaError listing every problem.
 *
 * @example
 * const models = loadModels('/srv/site'); models.get('api::article.article')?.pluralName // 'articles'
 */
export function loadModels(root: string): Map<string, Model> {
  const schemasDir = join(root, 'schemas');
  // Links are listed, never followed: a schema read through one could be any file of the machine.
  const entries = listEntries(schemasDir);
  const files = entries.filter((entry) => entry.dirent.isFile() && entry.path.endsWith('.json')).map((entry) => entry.path).sort();
  const models = new Map<string, Model>([[UPLOAD_FILE_UID, uploadFileModel]]);
  const problems: FileError[] = entries.filter((entry) => entry.dirent.isSymbolicLink())
    .map((entry) => new LinkError(join('schemas', entry.path)));
  for (const relativeFile of files) {
    const placement = classify(relativeFile);
    if (!placement) continue;
    const file = join('schemas', relativeFile);
    try {
      const raw = parseJsonText(readTextNoFollowSync(join(schemasDir, relativeFile), file), file) as RawSchema;
      if (!raw || typeof raw !== 'object' || typeof raw.attributes !== 'object') {
        problems.push(new FileError(file, 'a schema needs an "attributes" object'));
        continue;
      }
      const model = toModel(raw, file, placement.modelType, placement.uid);
      const existing = models.get(model.uid);
      if (existing) problems.push(new FileError(file, `uid ${model.uid} is already defined in ${existing.file}`));
      else models.set(model.uid, model);
    } catch (error) {
      if (error instanceof FileError) problems.push(error);
      else throw error;
    }
  }
  // Relations to users read the auth state's users through Strapi's user and role models (core/auth/user-rows.ts),
  // the user as the project's src/extensions extends it.
  let extension: ReturnType<typeof extendedUser>;
  try {
    extension = extendedUser(root);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    problems.push(error);
  }
  if (extension) problems.push(...extension.problems);
  if (extension || targetsUsers(models)) {
    for (const model of [extension?.model ?? userModel, roleModel]) if (!models.has(model.uid)) models.set(model.uid, model);
  }
  if (targetsAdminUsers(models) && !models.has(ADMIN_USER_UID)) models.set(ADMIN_USER_UID, adminUserModel);
  const user = models.get(USER_UID);
  if (user && user.file !== '<built-in>') storeUserLinksOnTheirTypes(user, models);
  const seenNames = new Map<string, Model>();
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || model.file === '<built-in>') continue;
    problems.push(...checkModel(model, models));
    if (!model.uid.startsWith('api::')) continue;
    for (const name of new Set([model.pluralName, model.singularName])) {
      const other = seenNames.get(name);
      if (other) problems.push(new FileError(model.file, `API id "${name}" is already used by ${other.file}`));
      else seenNames.set(name, model);
    }
  }
  for (const model of models.values()) if (model.modelType === 'component') problems.push(...checkModel(model, models));
  if (problems.length) throw new SchemaError(problems);
  return models;
}

/**
 * Component uids in Strapi 5.54's registration order: its loader globs `components/*\/*.json`, one
 * category folder after another in name order, each folder's files sorted by file name, so
 * `blocks/features-with-images.json` comes before `blocks/features.json` ('-' < '.'). Strapi's
 * messages listing every component use this order, reversed (recorded: foodadvisor
 * invalid.restaurant.blocks.unknown.component).
 */
export function registrationOrder(models: Iterable<Model>): string[] {
  const key = (uid: string) => {
    const dot = uid.indexOf('.');
    return { category: uid.slice(0, dot), file: `${uid.slice(dot + 1)}.json` };
  };
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...models].filter((model) => model.modelType === 'component').map((model) => model.uid).sort((a, b) => {
    const left = key(a);
    const right = key(b);
    return compare(left.category, right.category) || compare(left.file, right.file);
  });
}
