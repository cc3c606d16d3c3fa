import slugify from '@sindresorhus/slugify';
import {
  GraphQLEnumType, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { Model } from '../schema/types.js';
import { isMorph } from '../schema/types.js';
import { SCALAR_FILTERS, SCALAR_OF, SCALARS } from './internal-types.js';
import { modelFields } from './model-fields.js';
import { componentName, enumName, filtersName, inputName, zoneInputName } from './names.js';
import { zoneInputScalar } from './scalars.js';
import type { TypeRegistry } from './type-registry.js';

/** A value as an enum member's name, as Strapi's `toRegressedEnumValue` writes it: `datetime-local` is `datetime_local`. */
const enumMember = (value: string) => slugify(value, { decamelize: false, lowercase: false, separator: '_' });

/** An enumeration attribute's enum: `ENUM_KITCHEN_COLOR { red green blue }`; a member answers and takes the value itself. */
export function enumType(registry: TypeRegistry, model: Model, attribute: string): GraphQLEnumType {
  const name = enumName(model, attribute);
  return registry.get(name, () => new GraphQLEnumType({
    name,
    values: Object.fromEntries((model.attributes[attribute].enum ?? []).map((value) => [enumMember(value), { value }])),
  }));
}

/** A dynamic zone's input scalar (`PostSectionsDynamicZoneInput`): each item names its `__component`. */
export function zoneInputType(registry: TypeRegistry, model: Model, attribute: string) {
  const name = zoneInputName(model, attribute);
  return registry.get(name, () => {
    const components = new Map(registry.models.filter((one) => one.modelType === 'component').map((one) => [componentName(one), one.uid]));
    const allowed = (model.attributes[attribute].components ?? []).map((uid) => componentName({ uid }));
    return zoneInputScalar(name, components, allowed);
  });
}

/**
 * `<Type>FiltersInput`: `documentId` on collection types, every visible scalar (enumerations as strings), relations and
 * components by their target's filters, then `and`/`or`/`not` (builders/filters/content-type.ts).
 */
export function filtersType(registry: TypeRegistry, model: Model): GraphQLInputObjectType {
  const name = filtersName(model);
  const type: GraphQLInputObjectType = registry.get(name, () => new GraphQLInputObjectType({
    name,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {};
      if (model.kind === 'collectionType') fields.documentId = { type: SCALAR_FILTERS.ID };
      for (const field of modelFields(model)) {
        if (!field.filter) continue;
        const { attribute } = field;
        if (SCALAR_OF[attribute.type]) fields[field.name] = { type: SCALAR_FILTERS[SCALAR_OF[attribute.type]] };
        else if (attribute.type === 'relation' && !isMorph(attribute)) {
          const target = registry.model(attribute.target);
          if (target) fields[field.name] = { type: filtersType(registry, target) };
        } else if (attribute.type === 'component') {
          const component = registry.model(attribute.component);
          if (component) fields[field.name] = { type: filtersType(registry, component) };
        }
      }
      fields.and = { type: new GraphQLList(type) };
      fields.or = { type: new GraphQLList(type) };
      fields.not = { type };
      return fields;
    },
  }));
  return type;
}

/** `<Type>Input` of mutations: every writable attribute, relations and media as ids, components as their inputs. */
export function inputType(registry: TypeRegistry, model: Model): GraphQLInputObjectType {
  const name = inputName(model);
  return registry.get(name, () => new GraphQLInputObjectType({
    name,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {};
      if (model.modelType === 'component') fields.id = { type: GraphQLID };
      for (const field of modelFields(model)) {
        if (!field.input) continue;
        const type = inputFieldType(registry, model, field.name);
        if (type) fields[field.name] = { type };
      }
      return fields;
    },
  }));
}

function inputFieldType(registry: TypeRegistry, model: Model, name: string): GraphQLInputType | undefined {
  const attribute = name === 'publishedAt' ? { type: 'datetime' as const } : name === 'locale' ? { type: 'string' as const }
    : model.attributes[name];
  if (attribute.type === 'enumeration') return enumType(registry, model, name);
  if (SCALAR_OF[attribute.type]) return SCALARS[SCALAR_OF[attribute.type]];
  if (attribute.type === 'media') {
    if (!registry.model('plugin::upload.file')) return undefined;
    return attribute.multiple ? new GraphQLList(GraphQLID) : GraphQLID;
  }
  if (attribute.type === 'relation') {
    if (isMorph(attribute) || !registry.model(attribute.target)) return undefined;
    return /Many$/.test(String(attribute.relation)) ? new GraphQLList(GraphQLID) : GraphQLID;
  }
  if (attribute.type === 'component') {
    const component = registry.model(attribute.component);
    if (!component) return undefined;
    const input = inputType(registry, component);
    return attribute.repeatable ? new GraphQLList(input) : input;
  }
  if (attribute.type === 'dynamiczone') return new GraphQLList(new GraphQLNonNull(zoneInputType(registry, model, name)));
  return undefined;
}
