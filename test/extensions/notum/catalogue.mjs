// Requests to test/extensions/notum, the public Strapi 5 project notum-cz/strapi-next-monorepo-starter (its
// apps/strapi, README.md): pages in a parent/child tree with a unique fullPath, a dynamic zone of every section the
// starter ships (the hero's background a color-picker custom field), Czech versions, drafts, the navbar and footer
// single types, a page controller adding breadcrumbs, and users-permissions subscribers in bootstrap. Reads in every
// form, writes, the controller and the Public, API token and users-permissions JWT views. Recorded from the real
// Strapi 5.54 running the project's own src/ (record.mjs --set notum) and replayed against this server (notum.test.ts).
// @ts-nocheck
import { READS } from './cases/reads.mjs';
import { SEED } from './cases/seed.mjs';
import { VIEWS } from './cases/views.mjs';
import { WRITES } from './cases/writes.mjs';

export const CASES = [...SEED, ...READS, ...VIEWS, ...WRITES];
