import type { Cms } from '../cms.js';
import { rowOfType } from '../index/type-row-ids.js';
import { isLocalizedAttribute, type Model } from '../schema/types.js';
import { publicationStates } from '../service/publication-states.js';
import type { Data } from '../types.js';
import { shapeForMcp } from './shape-output.js';

const NOT_SCALAR = new Set(['relation', 'component', 'dynamiczone', 'media']);

/**
 * The creator fields as the Content Manager answers them: the admin user who wrote the version, `null` when none did
 * (content written through REST, or by a credential that is not an admin user: every API token here).
 */
const creators = (version: Data) => ({ createdBy: version.createdBy ?? null, updatedBy: version.updatedBy ?? null });

/**
 * The stored fields of the row a version was read from (REST's reader leaves some out for the caller), looked up in its
 * own type: ids are per type, and after an import two types keep Strapi's id 1 each.
 */
function storedOf(cms: Cms, model: Model, version: Data): Data {
  const row = typeof version.id === 'number' ? rowOfType(cms.index, model.uid, version.id) : undefined;
  return row ? row.data : {};
}

/**
 * The private scalars REST leaves out (`private: true`, passwords never): the Content Manager is the admin's view and
 * answers them, stored value or null, as the recordings show (an author's `note`, a kitchen's `internal`). Here only to a
 * caller who may update the type, as the studio's form gets them (core/http/studio-stored-route.ts): a read-only token
 * learns no more over MCP than over REST.
 */
function privates(model: Model, stored: Data): Data {
  const hidden = (name: string) => {
    const attribute = model.attributes[name];
    return attribute.private === true && attribute.type !== 'password' && !NOT_SCALAR.has(attribute.type);
  };
  return Object.fromEntries(model.attributeNames.filter(hidden).map((name) => [name, stored[name] ?? null]));
}

/** Each locale's Content Manager status of a document (`draft`, `published`, `modified`), by locale ('' unlocalized). */
export function statesOf(cms: Cms, model: Model, documentId: string): Record<string, string | null> {
  return publicationStates(cms.index, model, [documentId])[documentId] ?? {};
}

const stateIn = (states: Record<string, string | null>, model: Model, locale: unknown) =>
  states[typeof locale === 'string' ? locale : ''] ?? (model.draftAndPublish ? 'draft' : 'published');

/**
 * A version as the Content Manager answers it (`sanitizeFormatShape`): every field populated one level, relations as
 * identities (a write's answer: unpopulated, RelationView), private scalars for `withPrivate`, `locale` (null on a type
 * that is not localized), the creator fields, `localizations` as `{ documentId, locale, status }` (a list's:
 * `{ documentId, locale }`), and its `status` (a list's every type, a single version's a draft & publish type only:
 * Strapi's list handler sets it on every result, `formatDocumentWithMetadata` not).
 */
export function formatVersion(
  cms: Cms, model: Model, version: Data, view: 'list' | 'read' | 'written' = 'read', withPrivate = false,
): Record<string, unknown> {
  const documentId = String(version.documentId);
  const listed = view === 'list';
  const states = statesOf(cms, model, documentId);
  const stored = storedOf(cms, model, version);
  const shaped: Record<string, unknown> = {
    ...shapeForMcp(cms.models, model, version, view === 'written' ? 'empty' : 'identity', stored),
    ...(withPrivate ? privates(model, stored) : {}), locale: version.locale ?? null, ...creators(version),
  };
  const localizations = Array.isArray(version.localizations) ? version.localizations as Data[] : [];
  shaped.localizations = localizations.map((other) => ({
    documentId: other.documentId, locale: other.locale, ...(listed ? {} : { status: stateIn(states, model, other.locale) }),
  }));
  if (listed || model.draftAndPublish) shaped.status = stateIn(states, model, version.locale);
  else delete shaped.status;
  return shaped;
}

/**
 * The `localizations` of an unpublish tool's answer: every row the document still has (its own locale's draft too), by
 * locale, each with its locale's status after the change (recorded: `unpublish.post`, `unpublish.homepage.fr.discard`).
 */
export function remainingRows(cms: Cms, model: Model, documentId: string): Record<string, unknown>[] {
  const states = statesOf(cms, model, documentId);
  return [...cms.index.documentRows(model.uid, documentId)]
    .sort((a, b) => String(a.locale ?? '').localeCompare(String(b.locale ?? '')))
    .map((row) => ({ documentId, ...(row.locale === null ? {} : { locale: row.locale }), status: stateIn(states, model, row.locale) }));
}

/** The Content Manager's `availableStatus` entry: the other version's identity, timestamps and creators. */
export function statusBrief(version: Data): Record<string, unknown> {
  const { id, documentId, locale, updatedAt, createdAt, publishedAt } = version as Record<string, unknown>;
  return { id, documentId, locale: locale ?? null, updatedAt, createdAt, publishedAt, ...creators(version) };
}

/**
 * The Content Manager's `availableLocales` entry: the status brief, the fields not translated (scalar ones, which the
 * admin prefills a new locale with) and, for a draft & publish type, the locale's status.
 */
export function localeBrief(cms: Cms, model: Model, version: Data): Record<string, unknown> {
  const shared = Object.entries(model.attributes)
    .filter(([, attribute]) => !NOT_SCALAR.has(attribute.type) && !isLocalizedAttribute(model, attribute))
    .map(([key]) => [key, version[key] ?? null]);
  const states = statesOf(cms, model, String(version.documentId));
  // a type without draft & publish has one version per locale: Strapi answers it as it is, with no status
  if (!model.draftAndPublish) return { ...statusBrief(version), ...Object.fromEntries(shared) };
  return { ...statusBrief(version), ...Object.fromEntries(shared), status: stateIn(states, model, version.locale) };
}
