import type { Attribute, Model } from '../schema/types.js';
import type { Status } from '../types.js';
import type { Operator } from './operators.js';
import type { PublicationFilter } from './publication.js';

/** A scalar the engine can read off a row or component: an attribute or a system field. */
export interface FieldRef {
  name: string;
  type: Attribute['type'];
}

/** The filter tree after validation: every path checked against the schema, every value cast. */
export type Filter =
  | { kind: 'and'; filters: Filter[] }
  | { kind: 'or'; filters: Filter[] }
  | { kind: 'not'; filter: Filter }
  | { kind: 'compare'; field: FieldRef; operator: Operator; value: unknown }
  /** Through a relation, media, or component: true when any related item matches (SQL join). */
  | { kind: 'nested'; attribute: string; filter: Filter };

export interface SortSpec {
  /** Attribute names from the root model, through relations and components, ending on a scalar. */
  path: string[];
  direction: 'asc' | 'desc';
}

export interface PopulateNode {
  fields?: string[];
  filters?: Filter;
  sort?: SortSpec[];
  populate?: PopulateMap;
  count?: boolean;
  /** Dynamic zones: per-component sub-populate. */
  on?: Map<string, PopulateNode>;
  /** `on` came from Strapi's fragment syntax: components not listed in it are left out. */
  fragments?: boolean;
}

/** attribute name → how to populate it, in request order. */
export type PopulateMap = Map<string, PopulateNode>;

export interface Pagination {
  start: number;
  limit: number;
  /** `page` when the request paginated by page (or not at all), `offset` for start/limit. */
  style: 'page' | 'offset';
  withCount: boolean;
}

/** A fully validated read query, shared by HTTP, CLI and library. */
export interface Query {
  model: Model;
  filters: Filter | undefined;
  sort: SortSpec[];
  pagination: Pagination;
  fields: string[] | undefined;
  populate: PopulateMap;
  status: Status;
  /** Locale code, `'*'` (lists only), or null for non-localized types. */
  locale: string | null;
  search: string | undefined;
  /** `publicationFilter` (or `hasPublishedVersion`): a publication cohort the rows must belong to. */
  publication?: PublicationFilter;
}
