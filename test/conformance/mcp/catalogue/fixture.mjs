// The conformance fixture's MCP set: the REST seed of test/conformance (00-seed), admin tokens for every
// api:: type (full, read) and named subsets, then the protocol, the reads, the limited credentials, the writes and the sweep of the remaining tools.
import SEED from '../../catalogue/00-seed.mjs';
import { credentials } from './helpers.mjs';
import { ACCESS } from './fixture-access.mjs';
import { READS } from './fixture-reads.mjs';
import { SWEEP } from './fixture-sweep.mjs';
import { WRITES } from './fixture-writes.mjs';
import { protocolCases } from './protocol.mjs';

export const PROJECT = 'test/conformance/fixture';
export { SEED };

const uid = (name) => `api::${name}.${name}`;
const UIDS = ['author', 'homepage', 'kitchen', 'page', 'post', 'profile', 'setting', 'tag', 'term'].map(uid);
const POST = [uid('post')];
const CUSTOMS = {
  'posts-read': { uids: POST, actions: ['read'] },
  'posts-write': { uids: POST, actions: ['read', 'create', 'update'] },
  'posts-publish': { uids: POST, actions: ['read', 'publish'] },
  'posts-update': { uids: POST, actions: ['update'] },
  'tags-delete': { uids: [uid('tag')], actions: ['delete'] },
  homepage: { uids: [uid('homepage')], actions: ['read', 'create', 'update', 'delete', 'publish'] },
  'posts-fields': { uids: POST, actions: ['read'], properties: { fields: ['title', 'slug'] },
    note: 'a field-limited admin permission; API token scopes name actions only' },
  'posts-locale-fr': { uids: POST, actions: ['read', 'update'], properties: { locales: ['fr'] },
    note: 'a locale-limited admin permission; API token scopes name actions only' },
};
export const CREDENTIALS = credentials(UIDS, CUSTOMS, { localized: ['post', 'homepage', 'term'].map(uid), locales: ['en', 'fr', 'de'] });

export const CASES = [...protocolCases(Object.keys(CUSTOMS)), ...READS, ...ACCESS, ...WRITES, ...SWEEP];
