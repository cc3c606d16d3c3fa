// Requests to test/extensions/pzkogrodek, the public Strapi 5 project TomaszPilch/pzkogrodek-cms (README.md): the site of
// a Polish community association in Czech Hrádek, with events, galleries, blog pages and "Aktywny emeryt" posts whose
// beforeCreate lifecycles make the slug from the title through strapi.db.query and the slugify package, dynamic zones,
// Polish and Czech versions with non-localized fields, room bookings with private fields, the festival's guests, info,
// tickets and scan logs. Reads in every form, writes, the Public, API token and users-permissions JWT views, and
// GraphQL. Recorded from the real Strapi 5.54 running the project's own src/ (record.mjs --set pzkogrodek) and replayed
// against this server (pzkogrodek.test.ts).
// @ts-nocheck
import { GRAPHQL } from './cases/graphql.mjs';
import { READS } from './cases/reads.mjs';
import { SEED } from './cases/seed.mjs';
import { VIEWS } from './cases/views.mjs';
import { WRITES } from './cases/writes.mjs';

export const CASES = [...SEED, ...READS, ...VIEWS, ...WRITES, ...GRAPHQL];
