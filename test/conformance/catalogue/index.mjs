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

/** Every case id is unique across the catalogue (they key recordings and choices.json). */
export function checkIds(groups = GROUPS) {
  const seen = new Set();
  for (const [, cases] of groups) {
    for (const kase of cases) {
      if (seen.has(kase.id)) throw new Error(`duplicate case id ${kase.id}`);
      seen.add(kase.id);
    }
  }
  return seen.size;
}
