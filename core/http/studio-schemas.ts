import type { Action } from '../config/types.js';
import { mainFieldOf } from '../schema/main-field.js';
import type { Caller } from '../access/permissions.js';
import { fieldRules, type FieldRule } from '../schema/field-rules.js';
import { isLocalizedAttribute, isScalar, type Attribute, type Model, type Models } from '../schema/types.js';

/** A private attribute the studio edits for a caller who may update its type: a scalar other than a password. */
export const editablePrivate = (attribute: Attribute): boolean => isScalar(attribute) && attribute.type !== 'password';

const ACTIONS: Action[] = ['find', 'findOne', 'create', 'update', 'delete'];

/** What the studio needs to draw a form and a list for one content type the caller may read. */
export interface StudioModel {
  uid: string;
  kind: Model['kind'];
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  /** The attribute a document is shown by (Strapi's default main field: the first string attribute). */
  mainField: string;
  /** Actions the caller may take on this type. */
  actions: Action[];
  /**
   * Attributes in schema order, private ones left out unless the caller may update the type; relations name their
   * target's routes and main field.
   * `shared`: one value every locale of the document holds (a localized type's field that is not localized), as the core decides it.
   */
  attributes: Array<Attribute & {
    name: string; rules: FieldRule[]; shared: boolean;
    targetPluralName?: string; targetMainField?: string; targetReadable?: boolean;
    targetLocalized?: boolean; targetDraftAndPublish?: boolean;
  }>;
}

/** A component's schema for the studio's nested forms: attributes shaped as a content type's are. */
export interface StudioComponent {
  uid: string;
  displayName: string;
  attributes: StudioModel['attributes'];
}

/**
 * The schema attributes of a model or component, each with its rules in an editor's words
 * (field-rules.ts); relations name their target's routes and main field. Private ones are left out,
 * except a content type's own for a caller who may update it: Strapi's admin shows and edits them
 * (their values come from GET ./api/stored; REST never answers them).
 */
function studioAttributes(models: Models, model: Model, caller: Caller): StudioModel['attributes'] {
  const editsPrivate = model.modelType === 'contentType' && caller.can(model, 'update');
  // A private scalar only: its value comes from GET ./api/stored as stored (a private relation or component would need populating).
  const shown = (name: string) => !model.attributes[name].private || (editsPrivate && editablePrivate(model.attributes[name]));
  return model.attributeNames.filter(shown).map((name) => {
    const attribute = model.attributes[name];
    const target = attribute.type === 'relation' && typeof attribute.target === 'string' ? models.get(attribute.target) : undefined;
    const rules = fieldRules(attribute);
    const shared = model.localized && !isLocalizedAttribute(model, attribute);
    return target
      ? {
        ...attribute, name, rules, shared, targetPluralName: target.pluralName, targetMainField: mainFieldOf(target),
        targetReadable: caller.can(target, 'find'), targetLocalized: target.localized, targetDraftAndPublish: target.draftAndPublish,
      }
      : { ...attribute, name, rules, shared };
  });
}

/**
 * Every component, keyed by uid (`shared.seo`): the studio draws component and dynamic-zone fields from them.
 *
 * @example
 * studioComponents(cms.models, caller)['shared.seo'].attributes.map((attribute) => attribute.name) // ['metaTitle', …]
 */
export function studioComponents(models: Models, caller: Caller): Record<string, StudioComponent> {
  const components = [...models.values()].filter((model) => model.modelType === 'component');
  return Object.fromEntries(components.map((model) => [
    model.uid, { uid: model.uid, displayName: model.displayName, attributes: studioAttributes(models, model, caller) },
  ]));
}

/**
 * The content types a caller may list (`find`), shaped for the studio: no query or permission logic
 * lives in the studio, it asks this once after signing in.
 *
 * @example
 * studioModels(cms.models, cms.contentApi.callerFor('Bearer …')).map((model) => model.pluralName) // ['abouts', 'articles', …]
 */
export function studioModels(models: Models, caller: Caller): StudioModel[] {
  const contentTypes = [...models.values()].filter((model) => model.modelType === 'contentType' && model.uid.startsWith('api::'));
  return contentTypes.filter((model) => caller.can(model, 'find')).map((model) => ({
    uid: model.uid,
    kind: model.kind,
    singularName: model.singularName,
    pluralName: model.pluralName,
    displayName: model.displayName,
    draftAndPublish: model.draftAndPublish,
    localized: model.localized,
    mainField: mainFieldOf(model),
    actions: ACTIONS.filter((action) => caller.can(model, action)),
    attributes: studioAttributes(models, model, caller),
  }));
}
