import type { Attribute, Model } from '../schema/types.js';
import { uploadFileModel } from '../schema/upload-file.js';

/**
 * The plugins' content types that Strapi's GraphQL schema holds beside the project's own (upload, i18n,
 * review-workflows, users-permissions), as their `schema.json` declare them. They shape the schema only: each is
 * answered by the core room that owns it (media library, locales, users), or refused as Strapi refuses it.
 */
function pluginModel(uid: string, singularName: string, pluralName: string, attributes: Record<string, Attribute>): Model {
  return {
    uid, modelType: 'contentType', kind: 'collectionType', singularName, pluralName, displayName: singularName,
    draftAndPublish: false, localized: false, attributes, attributeNames: Object.keys(attributes), file: '<built-in>',
  };
}

const relation = (relation: Attribute['relation'], target: string): Attribute => ({ type: 'relation', relation, target });

export const UPLOAD_FILE = pluginModel('plugin::upload.file', 'file', 'files', {
  ...uploadFileModel.attributes,
  related: { type: 'relation', relation: 'morphToMany' },
  folder: { ...relation('manyToOne', 'plugin::upload.folder'), private: true },
  folderPath: { type: 'string', private: true },
});

export const I18N_LOCALE = pluginModel('plugin::i18n.locale', 'locale', 'locales', {
  name: { type: 'string' },
  code: { type: 'string', unique: true },
});

const WORKFLOW = 'plugin::review-workflows.workflow';
const STAGE = 'plugin::review-workflows.workflow-stage';
export const REVIEW_WORKFLOW = pluginModel(WORKFLOW, 'workflow', 'workflows', {
  name: { type: 'string', required: true, unique: true },
  stages: relation('oneToMany', STAGE),
  stageRequiredToPublish: relation('oneToOne', STAGE),
  contentTypes: { type: 'json', required: true },
});
export const REVIEW_WORKFLOW_STAGE = pluginModel(STAGE, 'workflow-stage', 'workflow-stages', {
  name: { type: 'string' },
  color: { type: 'string' },
  workflow: relation('manyToOne', WORKFLOW),
  permissions: relation('manyToMany', 'admin::permission'),
});

const ROLE = 'plugin::users-permissions.role';
const USER = 'plugin::users-permissions.user';
const PERMISSION = 'plugin::users-permissions.permission';
export const UP_PERMISSION = pluginModel(PERMISSION, 'permission', 'permissions', {
  action: { type: 'string', required: true },
  role: relation('manyToOne', ROLE),
});
export const UP_ROLE = pluginModel(ROLE, 'role', 'roles', {
  name: { type: 'string', required: true },
  description: { type: 'string' },
  type: { type: 'string', unique: true },
  permissions: relation('oneToMany', PERMISSION),
  users: relation('oneToMany', USER),
});
export const UP_USER = pluginModel(USER, 'user', 'users', {
  username: { type: 'string', required: true, unique: true },
  email: { type: 'email', required: true },
  provider: { type: 'string' },
  password: { type: 'password', private: true },
  resetPasswordToken: { type: 'string', private: true },
  confirmationToken: { type: 'string', private: true },
  confirmed: { type: 'boolean' },
  blocked: { type: 'boolean' },
  role: relation('manyToOne', ROLE),
});

/** Which root operations the plugins leave enabled for their types (each plugin's `register` disables the rest). */
export interface PluginActions {
  queries: boolean;
  mutations: boolean;
}

/** The plugin types in Strapi's registry order, with the operations the plugins leave on. */
export const PLUGIN_MODELS: Array<{ model: Model; actions: PluginActions }> = [
  { model: UPLOAD_FILE, actions: { queries: true, mutations: false } },
  { model: I18N_LOCALE, actions: { queries: true, mutations: false } },
  { model: REVIEW_WORKFLOW, actions: { queries: true, mutations: true } },
  { model: REVIEW_WORKFLOW_STAGE, actions: { queries: true, mutations: true } },
  { model: UP_PERMISSION, actions: { queries: false, mutations: false } },
  { model: UP_ROLE, actions: { queries: true, mutations: false } },
  { model: UP_USER, actions: { queries: true, mutations: false } },
];
