import type { Caller } from '../access/permissions.js';
import { ValidationError } from '../errors.js';
import type { Model } from '../schema/types.js';
import { notType } from '../schema/yup-messages.js';
import type { ContentStore } from '../storage/content-store.js';
import type { Data } from '../types.js';
import type { VersionTarget } from './save-version.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** What a write did, for hooks such as commit-per-write and webhooks. */
export interface WriteEvent {
  action: 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';
  model: Model;
  documentId: string;
  locale: string | null;
  /** Project-relative files written or removed. */
  files: string[];
  caller: Caller;
  /** For deletes: the document as it was (what Strapi's `entry.delete` webhook carries). */
  deleted?: Data;
  /** For deletes: every version removed (draft first, then published, per locale), unpopulated: one `entry.delete` each in Strapi. */
  deletedRows?: Data[];
  /** An update that created the document's first version in a locale: Strapi's webhook names it `entry.create`. */
  newLocale?: boolean;
  /** Writes committed with this one (project code's writes joining the write that triggered them). */
  also?: WriteEvent[];
  /** A write to a branch (core/branches/branch-site.ts): its name. Absent: the base. */
  branch?: string;
}

/**
 * Project code around a write (a Strapi project's lifecycles): `before` hooks may change `params.data`,
 * which the write then validates and stores; `after` hooks see `result(written)`. A hook that throws
 * stops the write (before) or fails the request after it (after), as in Strapi.
 */
export interface WriteHooks {
  around<T>(
    action: 'create' | 'update' | 'delete', model: Model, params: Record<string, unknown>,
    write: () => Promise<T>, result: (written: T) => unknown,
  ): Promise<T>;
}

export interface WriterOptions {
  /** The project's lifecycles, looked up per write (they load after the writer is made, and reload with the project). */
  hooks?: () => WriteHooks | undefined;
  afterWrite?: (event: WriteEvent) => Promise<void> | void;
  /** Whether a delete's event carries every removed version (`deletedRows`): only webhooks send them, so only then are they read. */
  wantsDeletedRows?: () => boolean;
  /**
   * Runs each whole write (files, index, afterWrite): replicas that push wrap it (see `createReplica`)
   * and may run it again on a newer tip, so the work re-reads everything it decides on.
   */
  gate?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Where the content files live (default: the served tree on disk, core/storage/content-store.ts). */
  store?: ContentStore;
}

/**
 * `{ data: {...} }` or Strapi's 400. An array passes Strapi's `isObject` check and fails its entity
 * validation instead: `this must be a \`object\` type, but the final value was: \`null\` (cast from …)`.
 */
export function extractData(body: unknown): Record<string, unknown> {
  if (isRecord(body) && Array.isArray(body.data)) {
    const message = notType('this', 'object', body.data, null);
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError', value: null }] });
  }
  if (!isRecord(body) || !isRecord(body.data)) throw new ValidationError('Missing "data" payload in the request body');
  return body.data;
}

/**
 * A written document and its version, both read inside the write's lock: the version is the one
 * this data has, never a later write's or a pull's (a later `If-Match` with it must not skip them).
 */
export interface Written { data: Data; version: string | null }

/** One PUT in one locale, inside the document's lock. */
export interface LocaleUpdate extends VersionTarget {
  documentExists: boolean;
  caller: Caller;
  /** The response: read inside the lock, so it is this write and never a later one. */
  read: () => Data | undefined;
}
