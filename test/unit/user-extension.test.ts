// The users-permissions user as a project's src/extensions/users-permissions/content-types/user/schema.json extends it
// (Strapi 5.54 merges the extension into the plugin's type): the relations it adds load, the side the user owns is kept
// on the project type's side, a one-way relation from the user loads, and a field the auth state cannot hold is a problem
// named with the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadModels } from '../../core/schema/registry.js';

const USER = 'plugin::users-permissions.user';
const EXTENSION = 'src/extensions/users-permissions/content-types/user/schema.json';
const roots: string[] = [];
afterEach(() => { for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true }); });

function project(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-user-extension-'));
  roots.push(root);
  for (const [file, value] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return root;
}

const type = (singularName: string, attributes: object) => ({
  kind: 'collectionType', info: { singularName, pluralName: `${singularName}s` }, attributes,
});
const base = { username: { type: 'string', minLength: 3 }, role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'users' } };
const hireroom = {
  'schemas/api/application/content-types/application/schema.json': type('application', {
    user: { type: 'relation', relation: 'manyToOne', target: USER, inversedBy: 'applications' },
  }),
  'schemas/api/detail/content-types/detail/schema.json': type('detail', {
    user: { type: 'relation', relation: 'oneToOne', target: USER, mappedBy: 'detail' },
  }),
  [EXTENSION]: { attributes: { ...base,
    detail: { type: 'relation', relation: 'oneToOne', target: 'api::detail.detail', inversedBy: 'user' },
    applications: { type: 'relation', relation: 'oneToMany', target: 'api::application.application', mappedBy: 'user' } } },
};

describe('src/extensions extends the users-permissions user', () => {
  it('adds the relations the extension declares to the user, its own fields staying the built-in ones', () => {
    const models = loadModels(project(hireroom));
    const user = models.get(USER)!;
    expect(user.attributeNames).toEqual(['username', 'email', 'provider', 'password', 'resetPasswordToken', 'confirmationToken',
      'confirmed', 'blocked', 'role', 'detail', 'applications']);
    expect(user.attributes.applications).toEqual({ type: 'relation', relation: 'oneToMany', target: 'api::application.application', mappedBy: 'user' });
    expect(user.attributes.role).toEqual({ type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role' });
  });

  it('keeps a relation the user owns on the project type\'s side, since no file holds the user\'s row', () => {
    const models = loadModels(project(hireroom));
    expect(models.get(USER)!.attributes.detail).toEqual({ type: 'relation', relation: 'oneToOne', target: 'api::detail.detail', mappedBy: 'user' });
    expect(models.get('api::detail.detail')!.attributes.user).toEqual({ type: 'relation', relation: 'oneToOne', target: USER, inversedBy: 'detail' });
  });

  it('refuses an inverse side to the user that no extension declares, naming the extension to write', () => {
    const { [EXTENSION]: _extension, ...without } = hireroom;
    expect(() => loadModels(project(without))).toThrow(/application\/schema\.json: attribute "user": a relation to plugin::users-permissions\.user is one-way here \(no mappedBy or inversedBy\) unless src\/extensions\/users-permissions\/content-types\/user\/schema\.json declares its other side/);
  });

  it('names a field the auth state cannot keep with the extension\'s file', () => {
    const root = project({ ...hireroom, [EXTENSION]: { attributes: { ...base, phone: { type: 'string' } } } });
    expect(() => loadModels(root)).toThrow(`${EXTENSION}: attribute "phone": only relations to the project's types can be added to the user here`);
  });

  it('loads a one-way relation from the user (strapi/internal-lms\'s goals), which no other side stores', () => {
    const goals = { type: 'relation', relation: 'oneToMany', target: 'api::application.application' };
    const extension = hireroom[EXTENSION] as { attributes: object };
    const models = loadModels(project({ ...hireroom, [EXTENSION]: { attributes: { ...extension.attributes, goals } } }));
    expect(models.get(USER)!.attributes.goals).toEqual(goals);
    expect(models.get('api::application.application')!.attributeNames).toEqual(['user']);
  });

  it('names an extension that is not JSON with its file and line', () => {
    expect(() => loadModels(project({ ...hireroom, [EXTENSION]: '{\n  "attributes": \n}' }))).toThrow(new RegExp(`${EXTENSION}:\\d`));
  });

  it('loads nothing of the user when there is no extension and no relation to users', () => {
    expect(loadModels(project({ 'schemas/api/job/content-types/job/schema.json': type('job', { title: { type: 'string' } }) })).has(USER)).toBe(false);
  });
});
