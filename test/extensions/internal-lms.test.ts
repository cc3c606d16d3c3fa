// Replays what the real Strapi 5.54 answered to test/extensions/internal-lms, the public project strapi/internal-lms
// (MIT) run with its own src/ (record.mjs --set internal-lms; internal-lms/README.md), against this server loading the
// same src/. A difference passes only when internal-lms/choices.json lists the case with the Project choice it follows
// (docs/reference/conformance.md) or internal-lms/open-divergences.json lists it as not settled yet, with what would
// settle it; either fails once the case answers as Strapi again. Its src/extensions adds course statuses and goals to
// the user, its courses relate to admin users, and its src/index.js register() replaces the users-permissions OAuth login
// (strapi.store, the providers services, strapi.db.query on users): a start that fails answers every case "not started"
// and fails below.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('internal-lms', 'strapi/internal-lms answers as in the real Strapi 5.54 (nested components with relations, an extended user)', {
  minCases: 500,
  startTimeout: 60_000,
});
