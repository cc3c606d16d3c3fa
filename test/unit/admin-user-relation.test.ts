// A relation to Strapi's admin user (`"target": "admin::user"`, as strapi/internal-lms's course `authors`): the schema
// loads with a built-in admin user type that has no rows and no content folder, and no content-API route is made for
// it (its plural `users` stays the users-permissions routes'). Reads and writes through it are replayed in
// test/extensions/internal-lms (read.course.populate.authors, write.course.authors.unknown).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadModels } from '../../core/schema/registry.js';
import { storesContentFiles } from '../../core/schema/user-model.js';
import { matchRoute } from '../../core/strapi/routes.js';

const roots: string[] = [];
afterEach(() => { for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true }); });

function project(attributes: object): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-admin-user-'));
  roots.push(root);
  const file = join(root, 'schemas/api/course/content-types/course/schema.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ kind: 'collectionType', info: { singularName: 'course', pluralName: 'courses' }, attributes }));
  return root;
}

it('loads a relation to admin::user with a built-in admin user type that keeps no content files', () => {
  const models = loadModels(project({ authors: { type: 'relation', relation: 'oneToMany', target: 'admin::user' } }));
  const admin = models.get('admin::user')!;
  expect(admin).toMatchObject({ modelType: 'contentType', file: '<built-in>', pluralName: 'users' });
  expect(storesContentFiles(admin)).toBe(false);
});

it('makes no content-API route for the admin user type', () => {
  const models = loadModels(project({ authors: { type: 'relation', relation: 'oneToMany', target: 'admin::user' } }));
  expect(() => matchRoute(models, 'GET', '/users')).toThrow('Not Found');
  expect(matchRoute(models, 'GET', '/courses').model.uid).toBe('api::course.course');
});

it('adds no admin user type when no schema relates to it', () => {
  expect(loadModels(project({ title: { type: 'string' } })).has('admin::user')).toBe(false);
});
