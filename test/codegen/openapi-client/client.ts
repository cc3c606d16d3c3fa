// Compiled with tsc --strict against the types openapi-typescript generated from the sample site's
// /openapi.json, then run against that server. No cast anywhere: the typed query is the proof.
import createClient from 'openapi-fetch';
import qs from 'qs';
import type { paths } from './schema.js';

const client = createClient<paths>({
  baseUrl: process.env.CMS_BASE,
  headers: { authorization: `Bearer ${process.env.CMS_TOKEN}` },
  // Strapi's bracket syntax, as the document's x-query-serializer says.
  querySerializer: (query) => qs.stringify(query, { encodeValuesOnly: true }),
});

const list = await client.GET('/api/articles', {
  params: {
    query: {
      filters: { $or: [{ title: { $containsi: 'pizza' } }, { author: { name: { $eq: 'Marco Rossi' } } }], views: { $gte: 0 } },
      populate: { author: { fields: ['name'] }, category: true, tags: { fields: ['name'], sort: ['name:asc'] } },
      sort: ['title:asc'],
      fields: ['title', 'slug'],
      pagination: { page: 1, pageSize: 3 },
      locale: 'en',
    },
  },
});
if (list.error) throw new Error(`list: ${list.error.error.message}`);

const created = await client.POST('/api/tags', { body: { data: { name: `from the client ${process.pid}`, color: 'red' } } });
if (created.error) throw new Error(`create: ${created.error.error.message}`);

const missing = await client.GET('/api/articles/{documentId}', { params: { path: { documentId: 'nosuchdocument' } } });
// page/pageSize mixed with start/limit: a typed query the server refuses (400).
const refused = await client.GET('/api/articles', { params: { query: { pagination: { page: 1, start: 0 } } } });

console.log(JSON.stringify({
  list: { titles: list.data.data.map((article) => article.title),
    authors: list.data.data.map(({ author }) => (author && 'name' in author ? author.name : null)), pagination: list.data.meta.pagination },
  created: { name: created.data.data.name, documentId: created.data.data.documentId },
  missing: { status: missing.response.status, name: missing.error?.error.name },
  refused: { status: refused.response.status, name: refused.error?.error.name, message: refused.error?.error.message },
}));
