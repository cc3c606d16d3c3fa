import { git } from './helpers.js';

/**
 * The note model of the merge tests (test/git-workflow/merge-layout and merge-lists): localized and shared fields, a component,
 * a component list, a Markdown body and relations, so that every kind of field a merge can meet is in one document.
 */

/** Strapi's mark of a field each locale holds on its own (an unmarked field is shared by every locale). */
const LOCALIZED = { pluginOptions: { i18n: { localized: true } } };
export const NOTE = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    title: { type: 'string', required: true, ...LOCALIZED },
    description: { type: 'string', ...LOCALIZED },
    views: { type: 'integer' },
    seo: { type: 'component', component: 'parts.seo', repeatable: false, ...LOCALIZED },
    blocks: { type: 'component', component: 'parts.quote', repeatable: true, ...LOCALIZED },
    body: { type: 'richtext', ...LOCALIZED },
    related: { type: 'relation', relation: 'manyToMany', target: 'api::note.note' },
  },
};
const SEO = { collectionName: 'components_parts_seos', info: { displayName: 'Seo' },
  attributes: { metaTitle: { type: 'string' }, metaDescription: { type: 'text' } } };
const QUOTE = { collectionName: 'components_parts_quotes', info: { displayName: 'Quote' },
  attributes: { title: { type: 'string' }, body: { type: 'text' } } };
/** The schema files of a project with notes. */
export const NOTE_SCHEMAS = {
  'schemas/note.json': NOTE, 'schemas/components/parts/seo.json': SEO, 'schemas/components/parts/quote.json': QUOTE,
};
export const T0 = '2025-01-01T00:00:00.000Z';

export interface Note {
  title: string;
  description: string;
  views: number;
  seo: { metaTitle: string; metaDescription: string };
  blocks: { title: string; body: string }[];
  body: string;
}
export type Locale = 'en' | 'fr';

/** Note number `at`'s first text in `locale`. */
export function seed(at: number, locale: Locale): Note {
  const tag = `${at}${locale === 'fr' ? ' (fr)' : ''}`;
  return {
    title: `Note ${tag}`, description: `About note ${tag}`, views: at,
    seo: { metaTitle: `Meta ${tag}`, metaDescription: `Meta description ${tag}` },
    blocks: [{ title: `Quote A ${tag}`, body: `Said A ${tag}` }, { title: `Quote B ${tag}`, body: `Said B ${tag}` }],
    body: `First paragraph of ${tag}.\n\nSecond paragraph.\n\nLast paragraph of ${tag}.`,
  };
}

/** `git merge`; the files left conflicting. */
export function merge(root: string, branch: string): string[] {
  try { git(root, 'merge', '--no-edit', branch); } catch { /* conflicts are listed below */ }
  return git(root, 'diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
}
