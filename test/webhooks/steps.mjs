// The writes whose webhooks are compared, done on Strapi 5.54 (record.mjs) and on this server
// (webhook-payloads.test.ts) in the same order. A step is a REST request, or one of the two actions
// Strapi offers only in its admin panel (`discard`, `unpublish`), which each side maps to its own
// route. `vars` holds what earlier steps answered: `file`, `category`, `article`, `draftOnly`.

/** The configured webhook's own headers: Strapi sends them with every delivery. */
export const HOOK_HEADERS = { authorization: 'Bearer receiver-secret', 'x-site': 'blog' };

/** Every event a Strapi 5.54 webhook can subscribe to, but the review workflow's and releases'. */
export const EVENTS = [
  'entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard',
  'media.create', 'media.update', 'media.delete',
];

export const steps = [
  { id: 'media.upload', upload: 'cover.png', keep: (answer) => ({ file: answer[0].id }) },
  { id: 'media.update.info', upload: null, path: (v) => `/api/upload?id=${v.file}`,
    fileInfo: { alternativeText: 'A cover', caption: 'Cover caption' } },
  { id: 'media.replace', upload: 'cover-v2.png', path: (v) => `/api/upload?id=${v.file}`, fileInfo: { caption: 'New bytes' } },
  { id: 'category.create', method: 'POST', path: () => '/api/categories', body: () => ({ data: { name: 'News' } }),
    keep: (answer) => ({ category: answer.data.documentId }) },
  { id: 'article.create.published', method: 'POST', path: () => '/api/articles',
    body: (v) => ({ data: { title: 'Hello', body: 'First *post*', cover: v.file, category: v.category,
      seo: { metaTitle: 'Hello SEO', image: v.file } } }),
    keep: (answer) => ({ article: answer.data.documentId }) },
  { id: 'article.create.draft', method: 'POST', path: () => '/api/articles?status=draft',
    body: (v) => ({ data: { title: 'Draft only', category: v.category } }), keep: (answer) => ({ draftOnly: answer.data.documentId }) },
  { id: 'article.locale.fr', method: 'PUT', path: (v) => `/api/articles/${v.article}?locale=fr`,
    body: () => ({ data: { title: 'Bonjour', seo: { metaTitle: 'Bonjour SEO' } } }) },
  { id: 'article.update.draft', method: 'PUT', path: (v) => `/api/articles/${v.article}?status=draft`,
    body: () => ({ data: { title: 'Draft title' } }) },
  { id: 'article.discard', action: 'discard', document: (v) => v.article, locale: 'en' },
  { id: 'article.unpublish', action: 'unpublish', document: (v) => v.article, locale: 'en' },
  { id: 'article.update.published', method: 'PUT', path: (v) => `/api/articles/${v.article}`,
    body: () => ({ data: { title: 'Back again' } }) },
  { id: 'category.update', method: 'PUT', path: (v) => `/api/categories/${v.category}`, body: () => ({ data: { name: 'World news' } }) },
  { id: 'article.delete.fr', method: 'DELETE', path: (v) => `/api/articles/${v.article}?locale=fr` },
  { id: 'article.delete', method: 'DELETE', path: (v) => `/api/articles/${v.article}` },
  { id: 'article.delete.draft', method: 'DELETE', path: (v) => `/api/articles/${v.draftOnly}` },
  { id: 'category.delete', method: 'DELETE', path: (v) => `/api/categories/${v.category}` },
  { id: 'media.delete', method: 'DELETE', path: (v) => `/api/upload/files/${v.file}` },
];
