// matchRoute looks a route's name up in a table made once per set of models: it must reach the content type, action
// and documentId a walk over the models (the code before the table, kept here as the reference) reaches, and refuse
// with the same error (404 or 405 and its Allow list) for every other path, for collection and single types alike.
import { describe, expect, it } from 'vitest';
import { MethodNotAllowedError, NotFoundError } from '../../core/errors.js';
import { loadModels } from '../../core/schema/registry.js';
import type { Models } from '../../core/schema/types.js';
import { matchRoute } from '../../core/strapi/routes.js';
import { REPO_ROOT } from '../helpers/project.js';

const COLLECTION: Record<string, string> = { HEAD: 'find', GET: 'find', POST: 'create' };
const COLLECTION_DOCUMENT: Record<string, string> = { HEAD: 'findOne', GET: 'findOne', PUT: 'update', DELETE: 'delete' };
const SINGLE: Record<string, string> = { HEAD: 'find', GET: 'find', PUT: 'update', DELETE: 'delete' };

/** The walk over every model, as matchRoute did it per request before its table. */
function walked(models: Models, method: string, path: string) {
  const unknown = () => (method === 'GET' || method === 'HEAD' ? new NotFoundError() : new MethodNotAllowedError(['HEAD', 'GET']));
  const pick = (table: Record<string, string>) => {
    if (!table[method]) throw new MethodNotAllowedError(Object.keys(table));
    return table[method];
  };
  const segments = path.split('/').filter(Boolean).map((segment) => {
    try { return decodeURIComponent(segment); } catch { return segment; }
  });
  if (segments.length === 0 || segments.length > 2) throw unknown();
  const [given, documentId] = segments;
  const name = given!.toLowerCase();
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    if (model.kind === 'collectionType' && model.pluralName === name) {
      return { model, action: pick(documentId === undefined ? COLLECTION : COLLECTION_DOCUMENT), documentId };
    }
    if (model.kind === 'singleType' && model.singularName === name && documentId === undefined) {
      return { model, action: pick(SINGLE), documentId };
    }
  }
  throw unknown();
}

const outcome = (run: () => unknown) => {
  try {
    const { model, action, documentId } = run() as { model: { uid: string }; action: string; documentId?: string };
    return { uid: model.uid, action, documentId };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message, allow: (error as { allow?: unknown }).allow };
  }
};

describe('matchRoute', () => {
  const models = loadModels(REPO_ROOT);
  const paths = ['/articles', '/Articles', '/articles/abc', '/articles/a%20b', '/articles/%E0%A4%A', '/%61rticles', '/global',
    '/GLOBAL', '/global/abc', '/about', '/article', '/authors//x', '//tags', '/tags/x/y', '/', '', '/users', '/upload/files',
    '/nopes', '/categories/abc', '/__proto__', '/constructor/x', '/articles/', 'articles', '/tags/a%2Fb', '/a/b/c/d'];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'];

  it('reaches what a walk over the models reaches, for every path and method, refusals included', () => {
    let reached = 0;
    for (const path of paths) {
      for (const method of methods) {
        const mine = outcome(() => matchRoute(models, method, path));
        expect(mine, `${method} ${path}`).toEqual(outcome(() => walked(models, method, path)));
        if (!('error' in mine)) reached++;
      }
    }
    // The list reaches collection and single types, with and without a documentId.
    expect(reached).toBeGreaterThan(15);
  });

  it('makes its table again for another set of models', () => {
    const fewer = new Map([...models].filter(([uid]) => uid !== 'api::tag.tag'));
    expect(outcome(() => matchRoute(models, 'GET', '/tags')).uid).toBe('api::tag.tag');
    expect(outcome(() => matchRoute(fewer, 'GET', '/tags'))).toMatchObject({ error: 'NotFoundError' });
  });
});
