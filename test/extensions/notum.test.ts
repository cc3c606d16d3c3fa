// Replays what the real Strapi 5.54 answered to test/extensions/notum, the public project
// notum-cz/strapi-next-monorepo-starter (its apps/strapi) run with its own src/ (record.mjs --set notum; notum/README.md),
// against this server loading the same src/. A difference passes only when notum/choices.json lists the case with the
// Project choice it follows (docs/reference/conformance.md) or notum/open-divergences.json lists it as not settled yet,
// with what would settle it; either fails once the case answers as Strapi again. The project's hero section keeps its
// background in a color-picker custom field (core/schema/custom-fields.ts) and its bootstrap subscribes to database
// lifecycles (core/extensions/db-lifecycles.ts): a start that fails answers every case "not started" and fails below.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('notum', 'notum-cz/strapi-next-monorepo-starter answers as in the real Strapi 5.54 (its breadcrumbs controller, custom field and lifecycle subscribers)', { minCases: 500, startTimeout: 60_000 });
