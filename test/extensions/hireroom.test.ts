// Replays what the real Strapi 5.54 answered to test/extensions/hireroom, the public project Maher-Ri/hireroom-backend
// run with its own src/ (record.mjs --set hireroom; hireroom/README.md), against this server loading the same src/.
// A difference passes only when hireroom/choices.json lists the case with the Project choice it follows
// (docs/reference/conformance.md) or hireroom/open-divergences.json lists it as not settled yet, with what would
// settle it; either fails once the case answers as Strapi again. The project's applications and user details relate
// to plugin::users-permissions.user, which its src/extensions extends with their inverse sides: the start must take
// both (core/schema/user-extension.ts); a start that fails answers every case "not started" and fails below.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('hireroom', 'Maher-Ri/hireroom-backend answers as in the real Strapi 5.54 (its users-permissions user extended by src/extensions)', { minCases: 500, startTimeout: 60_000 });
