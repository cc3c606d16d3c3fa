import { isToMany, type Attribute, type Model, type Models } from '../../schema/types.js';
import { ATOM, inferShape, type Shape } from './three-way.js';

/** How one attribute's value merges: relation and media lists as ordered sets, components per field. */
function attributeShape(models: Models, attribute: Attribute): Shape {
  switch (attribute.type) {
    case 'relation':
    case 'media':
      return isToMany(attribute) ? { kind: 'set' } : ATOM;
    case 'component': {
      const component = models.get(attribute.component ?? '');
      const record = component ? modelShape(models, component) : inferShape({});
      return attribute.repeatable ? { kind: 'list', item: () => record } : record;
    }
    case 'dynamiczone':
      return { kind: 'list', item: (item) => {
        const component = models.get(String((item as { __component?: unknown } | undefined)?.__component));
        return component ? modelShape(models, component) : ATOM;
      } };
    case 'blocks':
      // Block by block: a paragraph is what people edit, so edits of different paragraphs both stay.
      return { kind: 'list', item: () => ATOM };
    default:
      // Scalars and json merge whole: half of one json value and half of another is neither.
      return ATOM;
  }
}

/**
 * The merge shape of a content type or component: each attribute per its type, fields the
 * schema does not know by their value.
 *
 * @example
 * mergeValues(base, ours, theirs, modelShape(models, models.get('api::article.article')!))
 */
export function modelShape(models: Models, model: Model): Shape {
  return {
    kind: 'record',
    field: (key) => (model.attributes[key] ? attributeShape(models, model.attributes[key]) : ATOM),
  };
}
