// Requests to test/extensions/launchpad: strapi/LaunchPad's own back end (its content types, components and dynamic
// zones, i18n, draft and publish, and the route middlewares that set `ctx.query.populate` on find/findOne), seeded
// through the API (seed.mjs), then every read form per type, deep populates, the client's own dynamic-zone populate
// on write answers (populate-writes.mjs), the single types, writes with valid and
// invalid bodies, and the Public role, an API token and a users-permissions JWT; then the same schemas over
// GraphQL (graphql.mjs). Recorded from the real Strapi 5.54
// (record.mjs --set launchpad) and replayed against this server (launchpad.test.ts).
// @ts-nocheck
import { SEED } from './seed.mjs';
import { POPULATE_WRITES } from './populate-writes.mjs';
import { READS } from './reads.mjs';
import { SINGLES } from './singles.mjs';
import { WRITES } from './writes.mjs';
import { GRAPHQL } from './graphql.mjs';

export const CASES = [...SEED, ...READS, ...POPULATE_WRITES, ...SINGLES, ...WRITES, ...GRAPHQL];
