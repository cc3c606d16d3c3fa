// The catalogue's groups, in the order they run: the seed first, reads before the writes that change
// what reads would see, deletes last. Both servers see the same requests in the same order.
import seed from './00-seed.mjs';
import filters from './10-filters.mjs';
import query from './20-query.mjs';
import populateLocale from './30-populate-locale.mjs';
import routesAuthQs from './40-routes-auth-qs.mjs';
import uploadUsers from './50-upload-users.mjs';
import validation from './60-validation.mjs';
import relationsComponents from './70-relations-components.mjs';
import publishLocalesSingle from './80-publish-locales-single.mjs';
import orderSetsZonesSort from './90-order-sets-zones-sort.mjs';
import fuzzFindings from './95-fuzz-findings.mjs';

export const GROUPS = [
  ['00-seed', seed],
  ['10-filters', filters],
  ['20-query', query],
  ['30-populate-locale', populateLocale],
  ['40-routes-auth-qs', routesAuthQs],
  ['50-upload-users', uploadUsers],
  ['60-validation', validation],
  ['70-relations-components', relationsComponents],
  ['80-publish-locales-single', publishLocalesSingle],
  ['90-order-sets-zones-sort', orderSetsZonesSort],
  ['95-fuzz-findings', fuzzFindings],
];

/**
 * A search term that a random documentId may hold (24 of a-z0-9, searched by `_q` on content types): three such
 * characters occur in one id about once in 2,000 runs, which made `fuzz.search.one` find its document once in CI; four
 * about once in 80,000 ids, which made `upload.query.q` (`_q=tiny`) list an upload of another case once in CI (2 Dec
 * 2026). Five (20 places in an id, one in 60 million each) are let through. Users are searched by username, email and
 * provider only, so their terms are free.
 */
function searchTermInIds(path) {
  if (typeof path !== 'string' || path.startsWith('/api/users')) return undefined;
  const term = new URLSearchParams(path.split('?')[1] ?? '').get('_q');
  return term && term.length <= 4 && /^[a-z0-9]+$/i.test(term) ? term : undefined;
}

/** Every case id is unique across the catalogue (they key recordings and choices.json), and no search term can occur in a documentId. */
export function checkIds(groups = GROUPS) {
  const seen = new Set();
  for (const [, cases] of groups) {
    for (const kase of cases) {
      if (seen.has(kase.id)) throw new Error(`duplicate case id ${kase.id}`);
      const term = searchTermInIds(kase.path);
      if (term) throw new Error(`case ${kase.id}: the search term "${term}" can occur inside a random documentId`);
      seen.add(kase.id);
    }
  }
  return seen.size;
}
