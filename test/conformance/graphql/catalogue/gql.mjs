// Builders for GraphQL cases: every case is one `POST /graphql` (or `GET /graphql?query=`) request.
import { q } from '../../catalogue/helpers.mjs';

/** A query or mutation sent as Apollo and urql send it: POST, JSON `{ query, variables?, operationName? }`. */
export const gql = (id, query, { variables, operationName, ...extra } = {}) => ({
  id, method: 'POST', path: '/graphql',
  body: { query, ...(variables !== undefined ? { variables } : {}), ...(operationName !== undefined ? { operationName } : {}) }, ...extra,
});

/** The same over GET (`?query=…&variables=…`), as persisted-query-less GET clients send it. */
export const gqlGet = (id, query, { variables, ...extra } = {}) => ({
  id, method: 'GET',
  path: `/graphql?query=${q(query)}${variables !== undefined ? `&variables=${q(JSON.stringify(variables))}` : ''}`, ...extra,
});

/** Cases asked as the Public role (no Authorization header). */
export const PUBLIC = { auth: 'none' };
