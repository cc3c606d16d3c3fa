import { Kind, type OperationDefinitionNode } from 'graphql';
import type { Model, Models } from '../schema/types.js';
import { queryNames } from './names.js';

/**
 * The root query fields that read one content type's documents (`posts`, `posts_connection`, `post`), by name: the
 * reads whose whole answer comes from the content index, as the caller's grants allow.
 */
export function contentReadFields(models: Models): Map<string, Model> {
  const fields = new Map<string, Model>();
  for (const model of models.values()) {
    if (!model.uid.startsWith('api::') || (model.kind !== 'collectionType' && model.kind !== 'singleType')) continue;
    const names = queryNames(model);
    fields.set(names.findOne, model);
    if (model.kind === 'collectionType') for (const name of [names.find, names.connection]) fields.set(name, model);
  }
  return fields;
}

/**
 * The content types a query operation reads at its root, when every root field is a plain content read (or
 * `__typename`); undefined for a mutation, or when any root field is another kind (users-permissions' `me`, the
 * media library's, a project's own) or comes through a fragment: those are answered afresh every time.
 *
 * @example
 * queryReadModels(operation, contentReadFields(cms.models)) // [article model] for `{ articles { title } }`
 */
export function queryReadModels(operation: OperationDefinitionNode, fields: Map<string, Model>): Model[] | undefined {
  if (operation.operation !== 'query') return undefined;
  const read = new Set<Model>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return undefined;
    if (selection.name.value === '__typename') continue;
    const model = fields.get(selection.name.value);
    if (!model) return undefined;
    read.add(model);
  }
  return [...read];
}
