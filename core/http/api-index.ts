import { join, resolve } from 'node:path';
import type { Cms } from '../cms.js';
import { describeTypes } from '../project/describe-types.js';
import { json } from './respond.js';
import { servePublicFile } from './static.js';

/**
 * `GET /`: the project's own `public/index.html` when it has one (as Strapi serves it), else a
 * small JSON index of the API for the caller: the types it may read and where, and the other
 * routes. Only `/` itself is answered, so no public file or content route is ever shadowed.
 *
 * @example
 * curl http://localhost:1337/
 * // { "name": "gitcms", "api": "/api", "contentTypes": [{ "uid": "api::article.article", "url": "/api/articles", … }], … }
 */
export async function apiIndex(cms: Cms, request: Request, headers: Record<string, string>): Promise<Response> {
  const page = await servePublicFile(resolve(join(cms.root, 'public')), '/index.html', request);
  if (page) {
    for (const [key, value] of Object.entries(headers)) page.headers.set(key, value);
    // The owner's home page (uploads land in public/uploads, never here); other .html files stay octet-stream.
    if (page.status === 200) page.headers.set('content-type', 'text/html; charset=utf-8');
    return page;
  }
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  const prefix = cms.config.api.rest.prefix;
  const readable = cms.contentTypes().filter((model) => caller.can(model, 'find') || caller.can(model, 'findOne'));
  const contentTypes = describeTypes(readable, cms.index, caller, prefix).map((type) => ({
    uid: type.uid,
    kind: type.kind,
    displayName: type.displayName,
    url: type.path,
    actions: type.public,
    ...(type.localized ? { localized: true } : {}),
    ...(type.draftAndPublish ? { draftAndPublish: true } : {}),
  }));
  const body = {
    name: 'gitcms',
    description: 'A Git-native headless CMS that speaks the Strapi v5 REST API',
    api: prefix,
    contentTypes,
    routes: { locales: `${prefix}/i18n/locales`, uploads: `${prefix}/upload/files`, health: '/_health' },
    docs: 'https://docs.strapi.io/cms/api/rest',
  };
  return json(200, body, headers);
}
