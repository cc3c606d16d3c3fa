// Must NOT compile: a field the type does not have, an operator that does not exist, a populate
// key that is no relation. Proves the generated types check queries rather than accept anything.
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const client = createClient<paths>({ baseUrl: 'http://localhost' });
await client.GET('/api/articles', { params: { query: { filters: { nosuchfield: { $eq: 'x' } } } } });
await client.GET('/api/articles', { params: { query: { filters: { title: { $nosuchoperator: 'x' } } } } });
await client.GET('/api/articles', { params: { query: { populate: { title: true } } } });
