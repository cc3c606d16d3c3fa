// The GraphQL set's groups, in the order they run (see ../../catalogue/index.mjs): the REST seed
// first, reads before the writes that change what reads would see, deletes last.
import { checkIds as checkUnique } from '../../catalogue/index.mjs';
import seed from './00-seed.mjs';
import queries from './10-queries.mjs';
import filters from './20-filters.mjs';
import paginationSort from './30-pagination-sort.mjs';
import statusLocale from './40-status-locale.mjs';
import nested from './50-nested.mjs';
import usersPermissions from './60-users-permissions.mjs';
import access, { CUSTOM_SCOPES } from './70-access.mjs';
import errorsLimits from './80-errors-limits.mjs';
import mutations from './90-mutations.mjs';

export const GROUPS = [
  ['00-seed', seed],
  ['10-queries', queries],
  ['20-filters', filters],
  ['30-pagination-sort', paginationSort],
  ['40-status-locale', statusLocale],
  ['50-nested', nested],
  ['60-users-permissions', usersPermissions],
  ['70-access', access],
  ['80-errors-limits', errorsLimits],
  ['90-mutations', mutations],
];

/** API tokens both servers create before the cases run (`auth: 'token:<name>'` in a case). */
export const TOKENS = {
  'token:read-only': { type: 'read-only' },
  'token:custom': { type: 'custom', permissions: CUSTOM_SCOPES },
};

export const checkIds = (groups = GROUPS) => checkUnique(groups);
