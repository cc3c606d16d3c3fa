// The FoodAdvisor catalogue's groups, in the order they run (see ../../catalogue/index.mjs): the seed
// first, reads before the writes that change what reads would see, deletes last.
import { checkIds as checkUnique } from '../../catalogue/index.mjs';
import seed from './00-seed.mjs';
import reads from './10-reads.mjs';
import populate from './20-populate.mjs';
import validation from './30-validation.mjs';
import writes from './40-writes.mjs';
import fuzzFindings from './50-fuzz-findings.mjs';

export const GROUPS = [
  ['00-seed', seed],
  ['10-reads', reads],
  ['20-populate', populate],
  ['30-validation', validation],
  ['40-writes', writes],
  ['50-fuzz-findings', fuzzFindings],
];

export const checkIds = (groups = GROUPS) => checkUnique(groups);
