import type { Documents, PagingParams } from '../service/documents.js';
import type { Status } from '../types.js';
import type { HasGeneratedTypes, LinkShape, ModelShape, ShapeOf, UidOf } from './registry.js';

/**
 * The Document Service typed by generated declarations: filters take only a type's attributes
 * with operators valid for their type, `fields`/`sort`/`populate` only real keys, and results are
 * typed by `fields` and `populate`. Types only: the runtime is service/documents.ts.
 */

type Shape<U> = ShapeOf<U> extends infer S extends ModelShape ? S : never;
type Values<S extends ModelShape> = S['fields'] & S['system'];
type ScalarKey<S extends ModelShape> = Extract<keyof Values<S>, string>;
type LinkKey<S extends ModelShape> = Extract<keyof S['links'], string>;

type Common<T> = { $eq?: T | null; $ne?: T | null; $in?: readonly T[]; $notIn?: readonly T[]; $null?: boolean; $notNull?: boolean };
type Ordered<T> = { $lt?: T; $lte?: T; $gt?: T; $gte?: T; $between?: readonly [T, T] };
type Textual = {
  $eqi?: string; $nei?: string; $contains?: string; $notContains?: string; $containsi?: string; $notContainsi?: string;
  $startsWith?: string; $startsWithi?: string; $endsWith?: string; $endsWithi?: string;
};
/** The operators a value of type T takes: text ones on strings, comparisons on strings and numbers. */
export type OperatorsFor<T> = (
  [T] extends [string] ? Common<T> & Ordered<T> & Textual : [T] extends [number] ? Common<T> & Ordered<T> : Common<T>
) & { $not?: OperatorsFor<T> };
type FieldFilter<T> = T | readonly T[] | null | OperatorsFor<T>;
type LinkFilter<L extends LinkShape> = L['kind'] extends 'dynamiczone'
  ? never
  : Filters<Shape<L['target']>> | { $null?: boolean; $notNull?: boolean };

/** `filters` of one type: its attributes, relations and components (nested), `$and`, `$or`, `$not`. */
export type Filters<S extends ModelShape> =
  { [K in ScalarKey<S>]?: FieldFilter<NonNullable<Values<S>[K]>> }
  & { [K in LinkKey<S>]?: LinkFilter<S['links'][K]> }
  & { $and?: readonly Filters<S>[]; $or?: readonly Filters<S>[]; $not?: Filters<S> };

type Direction = 'asc' | 'desc' | 'ASC' | 'DESC';
type SortItem<S extends ModelShape> = ScalarKey<S> | `${ScalarKey<S>}:${Direction}`;
/** `sort`: a key, `key:desc`, a list of them, or `{ key: 'desc' }`. */
export type Sort<S extends ModelShape> = SortItem<S> | readonly SortItem<S>[] | { [K in ScalarKey<S>]?: Direction };

/** `fields`: scalar keys of the type. */
export type Fields<S extends ModelShape> = ScalarKey<S> | readonly ScalarKey<S>[];

interface PopulateOptions<S extends ModelShape> {
  fields?: Fields<S>;
  filters?: Filters<S>;
  sort?: Sort<S>;
  populate?: Populate<S>;
  count?: boolean;
}
type PopulateEntry<L extends LinkShape> = true | '*' | (L['kind'] extends 'dynamiczone'
  ? { on?: Record<string, unknown>; populate?: unknown }
  : PopulateOptions<Shape<L['target']>>);
/** `populate`: `'*'`, a key, a list of keys, or `{ key: true | '*' | { fields, filters, sort, populate, count } }`. */
export type Populate<S extends ModelShape> =
  '*' | LinkKey<S> | readonly LinkKey<S>[] | { [K in LinkKey<S>]?: PopulateEntry<S['links'][K]> };

/** Keys an object `populate` may not have: an unknown key must be `never`, so a typo does not compile. */
type ExactPopulate<S extends ModelShape, P> = P extends object
  ? (P extends readonly unknown[] ? unknown : { [K in Exclude<keyof P, LinkKey<S>>]: never })
  : unknown;

type Picked<S extends ModelShape, F> = [F] extends [undefined] ? S['fields']
  : F extends readonly (infer K)[] ? Pick<S['fields'], Extract<K, keyof S['fields']>>
    : F extends keyof S['fields'] ? Pick<S['fields'], F> : S['fields'];
type NestedFields<O> = O extends { fields: infer F } ? F : undefined;
type NestedPopulate<O> = O extends '*' ? '*' : O extends { populate: infer N } ? N : undefined;
type ZoneItem<U, O> = U extends string ? { __component: U } & Entry<Shape<U>, NestedFields<O>, NestedPopulate<O>> : never;
type LinkValue<L extends LinkShape, O> = L['kind'] extends 'dynamiczone' ? ZoneItem<L['target'], O>[]
  : L['many'] extends true ? Entry<Shape<L['target']>, NestedFields<O>, NestedPopulate<O>>[]
    : L['required'] extends true ? Entry<Shape<L['target']>, NestedFields<O>, NestedPopulate<O>>
      : Entry<Shape<L['target']>, NestedFields<O>, NestedPopulate<O>> | null;
type Populated<S extends ModelShape, P> = [P] extends [undefined] ? unknown
  : P extends '*' ? { [K in LinkKey<S>]: LinkValue<S['links'][K], undefined> }
    : P extends readonly (infer K)[] ? { [Q in Extract<K, LinkKey<S>>]: LinkValue<S['links'][Q], undefined> }
      : P extends LinkKey<S> ? { [Q in P]: LinkValue<S['links'][Q], undefined> }
        : P extends object ? { [Q in Extract<keyof P, LinkKey<S>>]: LinkValue<S['links'][Q], P[Q]> } : unknown;

/** One entry as the API returns it for these `fields` (F) and `populate` (P): populated links present, others absent. */
export type Entry<S extends ModelShape, F = undefined, P = undefined> = S['system'] & Picked<S, F> & Populated<S, P>;

/** An entry of a content type by uid with every link populated one level deep (for props and helpers). */
export type DocumentEntry<U> = Entry<Shape<U>, undefined, '*'>;

type Paging = PagingParams;
/** A typed find: filters and sort checked against the type; F and P are inferred to type the result. */
export type FindQuery<S extends ModelShape, F, P> = Paging & {
  filters?: Filters<S>; sort?: Sort<S>; fields?: F; populate?: P & ExactPopulate<S, P>
};
type WriteQuery<S extends ModelShape, F, P> = {
  data: Partial<S['input']>; locale?: string; status?: Status; fields?: F; populate?: P & ExactPopulate<S, P>
};
type Target = { documentId: string; locale?: string };

/** `cms.documents(name)` once `cms types` declarations are loaded. */
export interface TypedDocuments<S extends ModelShape> {
  findMany<const F extends Fields<S> | undefined = undefined, const P extends Populate<S> | undefined = undefined>(
    params?: FindQuery<S, F, P>,
  ): Promise<Entry<S, F, P>[]>;
  findOne<const F extends Fields<S> | undefined = undefined, const P extends Populate<S> | undefined = undefined>(
    params: FindQuery<S, F, P> & { documentId: string },
  ): Promise<Entry<S, F, P> | null>;
  findFirst<const F extends Fields<S> | undefined = undefined, const P extends Populate<S> | undefined = undefined>(
    params?: FindQuery<S, F, P>,
  ): Promise<Entry<S, F, P> | null>;
  count(params?: Paging & { filters?: Filters<S> }): Promise<number>;
  create<const F extends Fields<S> | undefined = undefined, const P extends Populate<S> | undefined = undefined>(
    params: WriteQuery<S, F, P>,
  ): Promise<Entry<S, F, P>>;
  update<const F extends Fields<S> | undefined = undefined, const P extends Populate<S> | undefined = undefined>(
    params: WriteQuery<S, F, P> & { documentId: string },
  ): Promise<Entry<S, F, P> | null>;
  delete(params: Target): Promise<{ documentId: string; deleted: number }>;
  publish(params: Target): Promise<void>;
  unpublish(params: Target): Promise<void>;
  discardDraft(params: Target): Promise<void>;
}

/** What `cms.documents(name)` returns: typed with generated declarations, the untyped Documents without. */
export type DocumentsFor<N> = HasGeneratedTypes extends true ? TypedDocuments<Shape<UidOf<N>>> : Documents;
