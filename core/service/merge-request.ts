/**
 * The studio's merge of a form with a version saved elsewhere, answered by the core's 3-way merge
 * (the one the git merge driver uses), so the studio has no merge rules of its own;
 * `http/studio-route.ts` only reads the body and writes the answer.
 */
import type { Caller } from '../access/permissions.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import { Conflict } from '../git/merge/conflict.js';
import { modelShape } from '../git/merge/schema-shapes.js';
import { mergeValues, type Shape } from '../git/merge/three-way.js';
import { alignBudget } from '../git/merge/merge-sequence.js';
import type { Models } from '../schema/types.js';
import { sameData } from '../storage/serialize.js';

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields => !!value && typeof value === 'object' && !Array.isArray(value);

/** One spot both sides changed: where it stands in the merged value (which holds `null` there), and each side's value. */
export interface FieldConflict {
  path: (string | number)[];
  mine: unknown;
  theirs: unknown;
  /** In a list: the spot stands for a run of items, and each side is the run (an array) it holds there. */
  span?: true;
}
/** A field they changed: the merged value, and where both sides changed it differently. */
export interface MergedField { name: string; value: unknown; conflicts: FieldConflict[] }

/** A conflict in a list always stands for a run (of one item here), so the studio splices every one alike. */
const asSpan = (conflict: Conflict) => new Conflict(
  conflict.ours === undefined ? [] : [conflict.ours], conflict.theirs === undefined ? [] : [conflict.theirs], true,
);

/** The merged value with each conflict replaced by `null`, and the conflicts with their paths. */
function splitConflicts(value: unknown, path: (string | number)[], out: FieldConflict[]): unknown {
  if (value instanceof Conflict) {
    out.push({ path, mine: value.ours ?? null, theirs: value.theirs ?? null, ...(value.span ? { span: true as const } : {}) });
    return null;
  }
  if (Array.isArray(value)) {
    return value.map((item, at) => splitConflicts(item instanceof Conflict && !item.span ? asSpan(item) : item, [...path, at], out));
  }
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, splitConflicts(item, [...path, key], out)]));
}

/**
 * The fields of a document they changed (`theirs` differs from `base`, the version the form read)
 * and the form did not already match (`mine`), each merged 3-way with the type's merge shape:
 * blocks block by block, dynamic zones entry by entry, components field by field.
 *
 * @example
 * mergeFields(models, 'api::article.article', { title: 'A' }, { title: 'B' }, { title: 'A', views: 2 })
 * // [{ name: 'views', value: 2, conflicts: [] }]
 */
export function mergeFields(models: Models, uid: string, base: Fields, mine: Fields, theirs: Fields): MergedField[] {
  const model = models.get(uid)!;
  const shape = modelShape(models, model) as Extract<Shape, { kind: 'record' }>;
  const budget = alignBudget(); // one for the whole form: its lists share it
  return Object.keys({ ...base, ...theirs })
    .filter((name) => !sameData(base[name] ?? null, theirs[name] ?? null) && !sameData(mine[name] ?? null, theirs[name] ?? null))
    .map((name) => {
      const conflicts: FieldConflict[] = [];
      const merged = name in mine
        ? mergeValues(base[name] ?? null, mine[name] ?? null, theirs[name] ?? null, shape.field(name), budget)
        : theirs[name];
      return { name, value: splitConflicts(merged, [], conflicts) ?? null, conflicts };
    });
}

/**
 * `POST <admin.path>/api/merge` with `{ contentType, base, mine, theirs }` (three request bodies
 * of one document: what the form read, what it would send, what is stored now): each field they
 * changed, merged (see `mergeFields`). Answers `{ data: MergedField[] }`.
 *
 * @example
 * mergeAnswer(cms.models, caller, { contentType: 'api::article.article', base, mine, theirs }) // { data: [...] }
 */
export function mergeAnswer(models: Models, caller: Caller, body: unknown): { data: MergedField[] } {
  if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
  if (!isRecord(body)) throw new ValidationError('Expected a JSON object { contentType, base, mine, theirs }');
  const model = typeof body.contentType === 'string' ? models.get(body.contentType) : undefined;
  if (!model || model.modelType !== 'contentType') throw new ValidationError(`Unknown content type "${String(body.contentType)}"`);
  if (!caller.can(model, 'create') && !caller.can(model, 'update')) throw new ForbiddenError();
  const sides = [body.base, body.mine, body.theirs];
  if (!sides.every(isRecord)) throw new ValidationError('Expected "base", "mine" and "theirs" to be objects of fields');
  return { data: mergeFields(models, model.uid, ...(sides as [Fields, Fields, Fields])) };
}
