// Replays the answers the real Strapi 5.54 gave to the smaller points of issue #38 (test/extensions/details), recorded
// by `record.mjs --set details`: one-to-one writes (a two-sided one-to-one is exclusive, a one-way one is not),
// validation errors of component-holding fields, dynamic-zone entries of a component the zone does not list (stored
// and read back, as Strapi does), blocks image nodes with several problems (all of them, in yup's order), and custom
// controller actions granted to the Public and Authenticated roles (and listed in the roles' permission trees), and a
// relation to a users-permissions user inside a component. A
// difference passes only when details/choices.json lists the case with the Project choice it follows.
import { describeRecordedSet } from './recorded-set.js';

describeRecordedSet('details', 'the smaller points of issue 38 answer as in the real Strapi 5.54', { startTimeout: 60_000 });
