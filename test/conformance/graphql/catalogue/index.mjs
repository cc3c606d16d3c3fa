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

/** What settles an open difference of a case, by its family (open-divergences.json's `next`). */
const SETTLED_BY = [
  ['seed.', 'the REST seed answering as in the main set'],
  ['q.', 'graphql-core implements the query forms (lists, _connection, one document, single types, plugin types, GET, operation names)'],
  ['f.', 'graphql-core implements filters (every operator, and/or/not, relations, components) as the REST filters'],
  ['p.', "graphql-core implements both paginations, pageInfo and the plugin's limits"],
  ['s.', 'graphql-core implements sort as the REST sort'],
  ['st.', 'graphql-core implements status, hasPublishedVersion and publicationFilter'],
  ['l.', 'graphql-core implements locale and localizations'],
  ['n.', 'graphql-core implements relations with their own arguments and _connection fields'],
  ['c.', 'graphql-core implements components and their arguments'],
  ['z.', 'graphql-core implements dynamic zones as unions'],
  ['m.', 'graphql-core implements media as UploadFile'],
  ['sc.', "graphql-core implements the scalars' serialisation"],
  ['up.', 'graphql-record implements the users-permissions operations (core/graphql/users-permissions*.ts)'],
  ['ac.', 'graphql-core implements the per-caller access of the REST routes'],
  ['e.', "graphql-core implements Apollo's request rules, validation, depth/amount limits and error shapes"],
  ['mu.', 'graphql-core implements the create/update/delete mutations and their errors'],
];

export function settledBy(id) {
  const found = SETTLED_BY.find(([prefix]) => id.startsWith(prefix));
  return found ? found[1] : 'to settle: see the difference with report.mjs';
}
