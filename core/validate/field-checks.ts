import type { ContentIndex } from '../index/content-index.js';
import { contentFolder, documentPrefixes } from '../index/content-path.js';
import { ruleErrors } from '../schema/scalar-rules.js';
import { isScalar, UPLOAD_FILE_UID, type Attribute, type Model, type Models } from '../schema/types.js';
import { USER_UID } from '../schema/user-model.js';
import type { Data } from '../types.js';

/** One problem in one file; `key` is the attribute path the line:col is looked up from. */
export interface Finding { file: string; key?: string; message: string }

/** An attribute of a stored object, reached through components and dynamic zones. */
interface Field { attribute: Attribute; value: unknown; path: string; parent: string }

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);
const asList = (value: unknown): unknown[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Every attribute of a stored object, depth first: `seo`, then `seo.metaTitle`, `blocks.0.title`… */
function* walkFields(models: Models, model: Model, data: Data, prefix = ''): Generator<Field> {
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const value = data[name];
    const path = `${prefix}${name}`;
    yield { attribute, value, path, parent: prefix.replace(/\.$/, '') };
    if (attribute.type === 'component') {
      const component = models.get(attribute.component!);
      const items = attribute.repeatable ? asList(value) : [value];
      if (component) {
        for (const [position, item] of items.entries()) {
          if (isRecord(item)) yield* walkFields(models, component, item, attribute.repeatable ? `${path}.${position}.` : `${path}.`);
        }
      }
    }
    if (attribute.type === 'dynamiczone') {
      for (const [position, item] of asList(value).entries()) {
        const component = isRecord(item) ? models.get(String(item.__component)) : undefined;
        if (component) yield* walkFields(models, component, item as Data, `${path}.${position}.`);
      }
    }
  }
}

const isListValued = (attribute: Attribute) =>
  (attribute.type === 'component' && attribute.repeatable === true) || attribute.type === 'dynamiczone';

/**
 * Whether a document is missing only because a file of it is malformed (a merge left markers in
 * it): that file's own problem is the one to report, not every reference to it.
 */
function isBroken(index: ContentIndex, target: string, documentId: string): boolean {
  const model = index.models.get(target);
  return !!model && documentPrefixes(contentFolder(model), documentId).some((prefix) => index.problemFiles(prefix).length > 0);
}

/** Relations (owning side) and media pointing at documents that do not exist, typical after a merge. */
function danglingReference(index: ContentIndex, field: Field): string[] {
  const { attribute, value, path } = field;
  const target = attribute.type === 'media' ? UPLOAD_FILE_UID
    : attribute.type === 'relation' && !attribute.mappedBy ? attribute.target : undefined;
  // Users live in the auth state, outside the repository (a clone or CI has none): a relation to one is not checked here.
  if (!target || target === USER_UID) return [];
  const missing = (documentId: unknown) => !index.hasDocument(target, String(documentId)) && !isBroken(index, target, String(documentId));
  return asList(value).filter(missing)
    .map((documentId) => `${path} points at ${target} "${String(documentId)}", which does not exist`);
}

/** Published versions only (drafts may be incomplete, as in Strapi): required values and item counts. */
function publishRules(field: Field): string[] {
  const { attribute, value, path } = field;
  // As the write path: relations and media are never required, and '' is a value (yup notNil).
  if (value === null || value === undefined) {
    return attribute.required && attribute.type !== 'relation' && attribute.type !== 'media' ? [`${path} is required`] : [];
  }
  if (!isListValued(attribute) || !Array.isArray(value)) return [];
  const problems: string[] = [];
  if (typeof attribute.min === 'number' && value.length < attribute.min) problems.push(`${path} must have at least ${attribute.min} items`);
  if (typeof attribute.max === 'number' && value.length > attribute.max) problems.push(`${path} must have at most ${attribute.max} items`);
  return problems;
}

/** Ranges and patterns of scalars (min, max, minLength, maxLength, regex); minLength waits for publishing. */
const scalarRules = (field: Field, published: boolean): string[] =>
  (isScalar(field.attribute) && field.value !== null && field.value !== undefined
    ? ruleErrors(field.value, field.attribute, field.path, published)
    : []);

/** A missing value has no line of its own: point at its parent (the component), or the file's start. */
const locationKey = (field: Field): string | undefined => (field.value === undefined ? field.parent || undefined : field.path);

/**
 * What one file holds that loading does not check: references and ranges in the fields the file
 * itself holds (`own`); for a published version, required values and item counts in the version
 * as served (`served`: shared non-localized fields included, so a locale file is neither blamed
 * for what its sibling holds nor for lacking it).
 */
export function checkFields(index: ContentIndex, model: Model, file: string, own: Data, served?: Data): Finding[] {
  const findings: Finding[] = [];
  const published = served !== undefined;
  for (const field of walkFields(index.models, model, own)) {
    for (const message of [...danglingReference(index, field), ...scalarRules(field, published)]) {
      findings.push({ file, key: locationKey(field), message });
    }
  }
  if (served) {
    for (const field of walkFields(index.models, model, served)) {
      for (const message of publishRules(field)) findings.push({ file, key: locationKey(field), message });
    }
  }
  return findings;
}
