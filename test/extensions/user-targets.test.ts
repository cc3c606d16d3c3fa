// Replays the answers the real Strapi 5.54 gave to relations whose target is a users-permissions user (the usual
// "owner" or "author", test/extensions/user-targets), recorded by `record.mjs --set user-targets`: populate in every
// form (the user's private fields never shown, its role reached), filters and sort through the user, writes by id
// and documentId, what the Public role and a token see. A difference passes only when user-targets/choices.json lists
// the case with the Project choice it follows; it fails once the case answers as Strapi again.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('user-targets', 'relations to plugin::users-permissions.user answer as in the real Strapi 5.54', { startTimeout: 60_000 });
