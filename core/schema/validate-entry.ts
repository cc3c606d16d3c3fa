import { ValidationError } from '../errors.js';
import { deriveId } from '../index/ids.js';
import type { Data } from '../types.js';
import { resolveMorphInput } from './morph-input.js';
import { resolveRelationInput } from './relation-input.js';
import type { ValidateContext } from './validate-context.js';
import { CAST, notOneOf, notType, ruleErrors, yupPath } from './scalar-rules.js';
import { checkBodyKeys } from './body-keys.js';
import { isListValued, isUnique, NO_COMPONENT, notRelated, yupType } from './entry-shapes.js';
import { inverseChange, type InverseChange } from './inverse-relation.js';
import { isMorph, isScalar, UPLOAD_FILE_UID, type Attribute, type Model } from './types.js';
import { registrationOrder } from './registry.js';
import { checkCount, checkPublishedRow, isTaken, nullNotType, type AddProblem } from './publish-checks.js';

export type { ValidateContext } from './validate-context.js';
export type { InverseChange } from './inverse-relation.js';

/** One entity-validation problem, in Strapi's `details.errors[]` shape. */
export interface EntryProblem {
  path: string[];
  message: string;
  name: 'ValidationError';
  value?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const INVALID = Symbol('invalid');
/** The base of a component item the body creates (no id of this entry's): see applyNew. */
const FRESH: Data = Object.freeze(Object.create(null)) as Data;
type Result = unknown | typeof INVALID;

export class EntryValidator {
  readonly problems: EntryProblem[] = [];
  /** The first value Strapi's database layer would refuse (dates, times): reported only when validation passed. */
  private storageProblem: string | undefined;
  /** The first problem of Strapi's entity-level test (missing related rows, a zone it cannot store), reported after the field problems. */
  private rootProblem: string | undefined;
  /** The entry as that entity-level test sees it (set by the caller): the `value` of a root problem. */
  rootValue: Record<string, unknown> | undefined;
  /** Writes to the inverse side of relations, to apply to the owning documents' files. */
  readonly inverseChanges: InverseChange[] = [];
  constructor(private readonly ctx: ValidateContext) {}

  /** Runs a relation lookup; a problem Strapi finds in its entity-level test is kept for the end instead of thrown. */
  private atRoot(resolve: () => unknown): Result {
    try {
      return resolve();
    } catch (error) {
      const errors = error instanceof ValidationError ? (error.details as { errors?: EntryProblem[] } | undefined)?.errors : undefined;
      if (!errors || errors.length !== 1 || errors[0].path.length !== 0) throw error;
      this.rootProblem ??= errors[0].message;
      return INVALID;
    }
  }

  /** `add`, for the checks kept in other files. */
  private readonly report: AddProblem = (path, message, value) => this.add(path, message, value);

  private add(path: string[], message: string, value?: unknown): void {
    const problem: EntryProblem = { path, message, name: 'ValidationError' };
    if (value !== undefined) problem.value = value;
    this.problems.push(problem);
  }

  /** Reject unknown and non-writable keys first, as Strapi's validateInput does (400 `Invalid key <k>`). */
  checkKeys(model: Model, data: Record<string, unknown>): void {
    checkBodyKeys(this.ctx.index, model, data);
  }

  /** Schema defaults for the attributes a new version's body leaves out (yup `.default()` on creation). */
  withDefaults(model: Model, data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = Object.assign(Object.create(null), data);
    for (const name of model.attributeNames) {
      const attribute = model.attributes[name];
      if (out[name] !== undefined) continue;
      if (isScalar(attribute) && attribute.default !== undefined) out[name] = attribute.default;
    }
    return out;
  }

  /**
   * Merge a body patch over the stored fields of `model` and validate it, attribute by attribute in
   * schema order (yup sorts errors by key order). Returns the new stored fields (relations and media
   * as documentIds, components inline); invalid values keep the stored ones.
   */
  apply(model: Model, patch: Record<string, unknown>, current: Data, prefix: string[], seed: string): Data {
    const next: Data = Object.create(null);
    for (const name of model.attributeNames) {
      const attribute = model.attributes[name];
      const given = Object.hasOwn(patch, name);
      // The path is made for an attribute the body gives (or a creation finds missing), not for every one a write leaves alone.
      const path = given ? [...prefix, name] : undefined;
      const stored = given ? this.value(model, name, attribute, patch[name], current[name], path!, seed) : INVALID;
      const value = stored === INVALID ? current[name] : stored;
      if (value !== undefined) next[name] = value;
      if (given || this.ctx.mode === 'create') this.checkRequired(attribute, given ? patch[name] : undefined, prefix, name, path);
    }
    return next;
  }

  /**
   * notNil on creation (`must be defined.`), notNull on update (`cannot be null.`). Repeatable
   * components and zones are always notNil/notNull (a missing one defaults to [] unless required). The attribute's path
   * (`prefix` and `name`) is made only for a problem, unless the caller made it already (`madePath`).
   */
  private checkRequired(attribute: Attribute, value: unknown, prefix: string[], name: string, madePath: string[] | undefined): void {
    if (attribute.type === 'relation' || attribute.type === 'media') return;
    const creating = this.ctx.mode === 'create';
    const failing = isListValued(attribute)
      ? value === null || (value === undefined && creating && attribute.required === true)
      : attribute.required === true && this.ctx.enforceConstraints && (value === null || (value === undefined && creating));
    if (!failing) return;
    const path = madePath ?? [...prefix, name];
    // a typed yup schema refuses null before notNil/notNull run: `title must be a \`string\` type, but the final value was: \`null\`.`
    const type = value === null ? yupType(attribute) : undefined;
    const message = type ? nullNotType(yupPath(path), type) : `${yupPath(path)} ${creating ? 'must be defined.' : 'cannot be null.'}`;
    this.add(path, message, value);
  }

  /** What publishing checks that a draft write did not (see publish-checks.ts). */
  checkPublish(model: Model, data: Data, prefix: string[] = []): void {
    checkPublishedRow(this.ctx, this.report, model, data, prefix);
  }

  private checkCount(attribute: Attribute, items: unknown[], path: string[]): void {
    checkCount(this.report, attribute, items, path);
  }

  private value(model: Model, name: string, attribute: Attribute, value: unknown, current: unknown, path: string[], seed: string): Result {
    const text = yupPath(path);
    switch (attribute.type) {
      case 'relation':
        if (isMorph(attribute)) return this.atRoot(() => resolveMorphInput(this.ctx, attribute, name, value, current));
        if (attribute.mappedBy) {
          const change = inverseChange(this.ctx, attribute, value, text, current);
          this.inverseChanges.push(change);
          // a to-many inverse keeps its order in this document's own file (see inverseOrder)
          return change.order ?? INVALID;
        }
        return this.atRoot(() => resolveRelationInput(this.ctx, attribute, attribute.target!, value, current, text));
      case 'media':
        // `allowedTypes` is the admin panel's file picker filter: Strapi 5.54 stores any file over REST
        // (recorded: comp.media.wrong.type, comp.seo.image.file).
        return this.atRoot(() => resolveRelationInput(this.ctx, attribute, UPLOAD_FILE_UID, value, current, text));
      case 'component':
        return this.component(attribute, value, current, path, `${seed}#${name}`);
      case 'dynamiczone':
        return this.zone(attribute, value, current, path, `${seed}#${name}`);
      default:
        return this.scalar(model, name, attribute, value, path);
    }
  }

  private scalar(model: Model, name: string, attribute: Attribute, value: unknown, path: string[]): Result {
    if (value === null || value === undefined) return value === null ? null : INVALID;
    const text = yupPath(path);
    const cast = CAST[attribute.type](value, text);
    if ('error' in cast) {
      if (cast.storage) this.storageProblem ??= cast.error;
      else {
        for (const one of [cast, ...(cast.more ?? [])]) {
          this.add(one.at ? [...path, ...one.at] : path, one.error, 'invalid' in one ? one.invalid : value);
        }
      }
      // yup's string cast leaves an object or a list as it is, and oneOf then fails too (recorded: fuzz.enum.object)
      if (attribute.type === 'enumeration' && value !== null && typeof value === 'object') this.add(path, notOneOf(text, attribute), value);
      return INVALID;
    }
    const errors = ruleErrors(cast.value, attribute, text, this.ctx.enforceConstraints);
    // yup reports the value after its cast (`1` given to an enumeration is `"1"`)
    for (const error of errors) this.add(path, error, cast.value);
    if (errors.length) return INVALID;
    if (this.ctx.enforceConstraints && path.length === 1 && isUnique(attribute) && this.isTaken(model, name, cast.value)) {
      this.add(path, 'This attribute must be unique', cast.value);
      return INVALID;
    }
    return cast.value;
  }

  /** Is a unique value already used by another document in this locale (see publish-checks.ts)? */
  isTaken(model: Model, name: string, value: unknown): boolean {
    return isTaken(this.ctx, model, name, value);
  }

  private component(attribute: Attribute, value: unknown, current: unknown, path: string[], seed: string): Result {
    if (value === null) return attribute.repeatable ? INVALID : null;
    const component = this.ctx.index.model(attribute.component!);
    if (!attribute.repeatable) {
      if (!isRecord(value)) { this.add(path, notType(yupPath(path), 'object', value), value); return INVALID; }
      // Strapi's updateComponents: with this entry's component id the component is updated (a
      // partial update); without an id the old one is deleted and a new one created from the body.
      const own = isRecord(current) ? (current as Data) : undefined;
      // on create Strapi ignores component ids (a new component is made), recorded: invalid.create.items.foreign.id
      const hasId = this.ctx.mode !== 'create' && value.id !== undefined && value.id !== null;
      if (hasId && (!own || Number(value.id) !== deriveId(seed))) throw notRelated(path);
      return hasId ? this.apply(component, value, own!, path, seed) : this.applyNew(component, value, path, seed);
    }
    if (!Array.isArray(value)) { this.add(path, notType(yupPath(path), 'array', value), value); return INVALID; }
    const byId = this.itemsById(current, seed);
    const items = value.map((item, position) => {
      const itemPath = [...path, String(position)];
      if (!isRecord(item)) {
        // yup's object cast of a list's item: what is no object is null (recorded: details component.repeatable.strings)
        this.add(itemPath, notType(yupPath(itemPath), 'object', item, null), null);
        return undefined;
      }
      const base = this.itemBase(item, byId, path, false);
      const seedAt = `${seed}.${position}`;
      return base === FRESH ? this.applyNew(component, item, itemPath, seedAt) : this.apply(component, item, base, itemPath, seedAt);
    });
    if (this.ctx.enforceConstraints) this.checkCount(attribute, value, path);
    return items.some((item) => item === undefined) ? INVALID : items;
  }

  /**
   * A component Strapi creates (a new item, or a single component given without its id): its
   * database layer fills the schema defaults of what the body leaves out, on create and update alike
   * (recorded: foodadvisor invalid.restaurant.blocks.cta.button.missing.theme, a required enumeration
   * with a default).
   */
  private applyNew(component: Model, item: Record<string, unknown>, path: string[], seed: string): Data {
    return this.apply(component, this.withDefaults(component, item), Object.create(null), path, seed);
  }

  /** Stored items of a repeatable component or zone by their derived ids. */
  private itemsById(current: unknown, seed: string): Map<number, Data> {
    const existing = Array.isArray(current) ? (current as Data[]) : [];
    return new Map(existing.map((item, position) => [deriveId(`${seed}.${position}`), item]));
  }

  /** The stored item an `id` names (updated in place), or a fresh one; an id that is not this entry's is Strapi's ApplicationError. */
  private itemBase(item: Record<string, unknown>, byId: Map<number, Data>, path: string[], inZone: boolean): Data {
    if (item.id === undefined || item.id === null || this.ctx.mode === 'create') return FRESH;
    const match = byId.get(Number(item.id));
    if (!match || (item.__component !== undefined && match.__component !== item.__component)) throw notRelated(path, inZone);
    return match;
  }

  private zone(attribute: Attribute, value: unknown, current: unknown, path: string[], seed: string): Result {
    if (value === null) return INVALID;
    // Strapi's relations store then fails on the zone too: a second, entity-level problem
    if (!Array.isArray(value)) {
      this.add(path, notType(yupPath(path), 'array', value), value);
      if (!isRecord(value) || typeof value.__component !== 'string') this.rootProblem ??= NO_COMPONENT;
      return INVALID;
    }
    const byId = this.itemsById(current, seed);
    const items = value.map((item, position) => {
      const itemPath = [...path, String(position)];
      const where = [...itemPath, '__component'];
      if (!isRecord(item) || typeof item.__component !== 'string') {
        this.add(where, `${yupPath(where)} is a required field`, isRecord(item) ? item.__component : item);
        this.rootProblem ??= NO_COMPONENT;
        return undefined;
      }
      // Strapi's zone validator checks against every component (`oneOf(Object.keys(strapi.components))`,
      // newest-registered first), so it stores a component the zone does not name (recorded:
      // invalid.create.zone.unknown.component); so does this server, and loading accepts it back.
      if (this.ctx.index.models.get(item.__component)?.modelType !== 'component') {
        const components = registrationOrder(this.ctx.index.models.values()).reverse();
        this.add(where, `${yupPath(where)} must be one of the following values: ${components.join(', ')}`, item.__component);
        this.rootProblem ??= 'Invalid relations';
        return undefined;
      }
      const base = this.itemBase(item, byId, path, true);
      const model = this.ctx.index.model(item.__component);
      const seedAt = `${seed}.${position}`;
      const stored = base === FRESH ? this.applyNew(model, item, itemPath, seedAt) : this.apply(model, item, base, itemPath, seedAt);
      return Object.assign(Object.create(null), { __component: item.__component }, stored) as Data;
    });
    if (this.ctx.enforceConstraints) this.checkCount(attribute, value, path);
    return items.some((item) => item === undefined) ? INVALID : items;
  }

  /** Throw the collected problems as Strapi's ValidationError (`<n> errors occurred` when several). */
  throwIfInvalid(): void {
    if (this.rootProblem !== undefined) {
      this.problems.push({
        path: [], message: this.rootProblem, name: 'ValidationError', ...(this.rootValue ? { value: this.rootValue } : {})
      });
      this.rootProblem = undefined;
    }
    if (!this.problems.length && this.storageProblem !== undefined) throw new ValidationError(this.storageProblem);
    if (!this.problems.length) return;
    const message = this.problems.length === 1 ? this.problems[0].message : `${this.problems.length} errors occurred`;
    throw new ValidationError(message, { errors: this.problems });
  }
}
