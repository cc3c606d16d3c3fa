import type { Caller } from '../access/permissions.js';
import type { Action } from '../config/types.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';

const ACTIONS: Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

/** Documents of one locale (`-` for a type that is not localized) by version. */
export interface LocaleCounts {
  /** Documents with a published version (every document, for a type without draft & publish). */
  published: number;
  /** Documents with a draft version (every document, for a type without draft & publish). */
  draft: number;
}

/** One content type as `cms ls` and the API index show it. */
export interface TypeSummary {
  kind: 'collectionType' | 'singleType';
  uid: string;
  pluralName: string;
  singularName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  /** Where the REST API serves it (`/api/articles`, `/api/global`). */
  path: string;
  /** Distinct documents, all locales and versions. */
  documents: number;
  locales: Record<string, LocaleCounts>;
  /** What the Public role (anonymous callers) may do. */
  public: Action[];
}

/**
 * Summarise the content types of a project: kind, API ids, document counts per locale and
 * version, and the Public role's actions (what `cms ls` prints).
 *
 * @example
 * describeTypes(cms.contentTypes(), cms.index, publicCaller(cms.config), '/api')[0]
 * // { kind: 'collectionType', uid: 'api::article.article', path: '/api/articles', documents: 16, locales: { en: { published: 13, draft: 16
 * } }, public: ['find', 'findOne'], … }
 */
export function describeTypes(models: Model[], index: ContentIndex, anonymous: Caller, prefix: string): TypeSummary[] {
  return models.map((model) => {
    const perLocale = new Map<string, { published: Set<string>; draft: Set<string> }>();
    for (const row of index.rows(model.uid)) {
      const locale = model.localized ? row.locale ?? '-' : '-';
      let entry = perLocale.get(locale);
      if (!entry) perLocale.set(locale, (entry = { published: new Set(), draft: new Set() }));
      if (!model.draftAndPublish) { entry.published.add(row.documentId); entry.draft.add(row.documentId); continue; }
      entry[row.status === 'published' ? 'published' : 'draft'].add(row.documentId);
    }
    const locales: Record<string, LocaleCounts> = {};
    for (const [locale, sets] of [...perLocale].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      locales[locale] = { published: sets.published.size, draft: sets.draft.size };
    }
    const single = model.kind === 'singleType';
    return {
      kind: single ? 'singleType' : 'collectionType',
      uid: model.uid,
      pluralName: model.pluralName,
      singularName: model.singularName,
      displayName: model.displayName,
      draftAndPublish: model.draftAndPublish,
      localized: model.localized,
      path: `${prefix}/${single ? model.singularName : model.pluralName}`,
      documents: new Set(index.rows(model.uid).map((row) => row.documentId)).size,
      locales,
      public: ACTIONS.filter((action) => anonymous.can(model, action)),
    };
  });
}
