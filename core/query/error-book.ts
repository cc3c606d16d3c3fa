import type { ValidationError } from '../errors.js';

/**
 * Errors held back while a stretch of the query's validation runs, for the caller to throw in Strapi's order: Strapi
 * meets some errors in a later walk or step than ours does (a later check of its validator, its conversion of the
 * query, its database), so a query's compiler keeps them until the checks Strapi makes first have passed. Outside a
 * `collect`, an error is thrown at once. Stretches nest: a populate's own `filters` are collected apart from the
 * outer ones, as Strapi validates them when its walk reaches them.
 *
 * @example
 * const later = new ErrorBook<ValidationError>();
 * const { result, kept } = later.collect(() => walk((error) => later.keep(error, error)));
 * if (kept[0]) throw kept[0];
 */
export class ErrorBook<T> {
  #open: T[] | undefined;

  /** Keep `entry` (what the caller orders by) while a `collect` runs; otherwise throw `error` now. */
  keep(entry: T, error: ValidationError): void {
    if (!this.#open) throw error;
    this.#open.push(entry);
  }

  /** Run `work`, and give back what it kept, in the order met. An error `work` throws goes through, nothing kept. */
  collect<R>(work: () => R): { result: R; kept: T[] } {
    const outer = this.#open;
    const kept: T[] = [];
    this.#open = kept;
    try {
      return { result: work(), kept };
    } finally {
      this.#open = outer;
    }
  }
}
