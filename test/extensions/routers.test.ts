// Replays the answers the real Strapi 5.54 gave to test/extensions/routers (every router form an api folder may
// declare, relations to users and upload files, morph relations), recorded by `record.mjs --set routers`, against
// this server loading the same src/. A difference passes only when routers/choices.json lists the case with the
// Project choice (contract/strapi-v5-notes.md, docs/reference/conformance.md) it follows, or
// routers/open-divergences.json lists it as not settled yet (with what would settle it); either fails once the
// case answers as Strapi again.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('routers', 'router forms, relations to plugin types and morph relations answer as in the real Strapi 5.54', { startTimeout: 60_000 });
