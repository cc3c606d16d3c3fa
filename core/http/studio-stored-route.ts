import { mayReachDocument } from '../access/document-gate.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import type { Attribute, Model } from '../schema/types.js';
import type { Row } from '../types.js';
import { json } from './respond.js';
import { studioType } from './studio-access.js';
import { editablePrivate } from './studio-schemas.js';

/** What the REST answer of a document leaves out and the studio's form needs. */
export interface StoredExtras {
  /** Private scalars' stored values (not passwords), for a caller who may update the type: Strapi's admin edits them. */
  private: Record<string, unknown>;
  /** Big integers with every digit stored (REST prints the nearest JavaScript number, as Strapi 5.54 on SQLite does). */
  bigintegers: Record<string, string>;
  /** Per relation attribute, the documentIds it holds whose target document no longer exists (deleted elsewhere). */
  missing: Record<string, string[]>;
}

const listOf = (value: unknown): string[] => (value === null || value === undefined ? [] : [value].flat().map(String));

/** The ids a relation holds whose document is gone from its target (in the written locale, for a localized target). */
function missingTargets(cms: Cms, attribute: Attribute, value: unknown, locale: string | null): string[] {
  const target = cms.index.model(attribute.target!);
  return listOf(value).filter((documentId) => !cms.index.documentRows(target.uid, documentId)
    .some((row) => !target.localized || locale === null || row.locale === locale));
}

/** The extras of one stored row, as far as `caller` may see them. */
export function storedExtras(cms: Cms, model: Model, row: Row, mayUpdate: boolean, mayFind: (target: Model) => boolean): StoredExtras {
  const extras: StoredExtras = { private: {}, bigintegers: {}, missing: {} };
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const value = row.data[name];
    if (attribute.private && editablePrivate(attribute) && mayUpdate) extras.private[name] = value ?? null;
    else if (attribute.type === 'biginteger' && value !== null && value !== undefined) extras.bigintegers[name] = String(value);
    else if (attribute.type === 'relation' && attribute.target && cms.models.has(attribute.target)
      && mayFind(cms.index.model(attribute.target))) {
      const gone = missingTargets(cms, attribute, value, row.locale);
      if (gone.length) extras.missing[name] = gone;
    }
  }
  return extras;
}

/**
 * `GET <admin.path>/api/stored?type=articles&documentId=…&locale=en&status=draft`: what the studio's
 * form needs of a stored document beyond its REST answer (storedExtras). The REST API itself answers
 * exactly as Strapi does; this route is the studio's only. Readable with `findOne` on the type.
 */
export async function storedResponse(cms: Cms, request: Request, url: URL, headers: Record<string, string>): Promise<Response> {
  if (request.method !== 'GET') throw new MethodNotAllowedError(['GET']);
  const model = studioType(cms, url);
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  const documentId = model.kind === 'singleType' ? cms.index.singleDocumentId(model.uid) : url.searchParams.get('documentId') ?? '';
  // The one access decision (core/access/document-gate.ts): the project's findOne route for the document, or the grants.
  const reach = (action: 'findOne' | 'update') => mayReachDocument(cms, { model, documentId, action, request, url });
  if (caller.kind === 'public' || !(await reach('findOne'))) throw new ForbiddenError();
  const locale = model.localized ? url.searchParams.get('locale') || cms.config.defaultLocale : null;
  if (locale !== null && !cms.config.locales.includes(locale)) throw new ValidationError(`Unknown locale "${locale}"`, { key: 'locale' });
  const status = url.searchParams.get('status') === 'published' ? 'published' : 'draft';
  const row = documentId ? cms.index.findRow(model.uid, documentId, { status, locale }) : undefined;
  if (!row) throw new NotFoundError();
  const data = storedExtras(cms, model, row, await reach('update'), (target) => caller.can(target, 'find'));
  return json(200, { data }, { ...headers, 'cache-control': 'no-store' });
}
