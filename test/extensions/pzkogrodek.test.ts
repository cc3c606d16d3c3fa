// Replays what the real Strapi 5.54 answered to test/extensions/pzkogrodek, the public project TomaszPilch/pzkogrodek-cms
// (MIT) run with its own src/ (record.mjs --set pzkogrodek; pzkogrodek/README.md), against this server loading the same
// src/. Its beforeCreate lifecycles make each slug through strapi.db.query and the slugify package (kept in the set's
// packages/, as the project's `npm install` gives it). A difference passes only when pzkogrodek/choices.json lists the
// case with the Project choice it follows (docs/reference/conformance.md) or pzkogrodek/open-divergences.json lists it
// as not settled yet, with what would settle it; either fails once the case answers as Strapi again.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('pzkogrodek', 'TomaszPilch/pzkogrodek-cms answers as in the real Strapi 5.54 (slug lifecycles, i18n with shared fields, private fields)', {
  minCases: 400,
  startTimeout: 60_000,
});
