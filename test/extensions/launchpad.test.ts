// Replays the answers the real Strapi 5.54 gave to strapi/LaunchPad's own back end (test/extensions/launchpad: its
// content types, components, dynamic zones, i18n, draft and publish, and the route middlewares that set the
// populate of find/findOne), recorded by `record.mjs --set launchpad`, against this server loading the same src/
// (TypeScript, as the project ships it). A difference passes only when launchpad/choices.json lists the case with
// the Project choice (docs/reference/conformance.md) it follows, or launchpad/open-divergences.json lists it as not
// settled yet (with what would settle it); either fails once the case answers as Strapi again.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('launchpad', 'strapi/LaunchPad\'s back end answers as in the real Strapi 5.54', { minCases: 500 });
