import { CmsError, FileError, ProjectProblemsError } from '../core/errors.js';
import { toErrorBody } from '../core/strapi/errors.js';
import type { Output } from './context.js';

/** Exit codes: 0 ok, 1 failure (bad input, invalid content), 2 usage error. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

export class UsageError extends Error {}

/**
 * The CLI's one place that turns an error into output: one line on stderr (`file:line:col:` for
 * file problems), the Strapi envelope with `--json`, and the exit code.
 */
export function reportError(error: unknown, stderr: Output, asJson = false): number {
  if (error instanceof UsageError) {
    stderr.write(`cms: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof ProjectProblemsError) {
    for (const problem of error.problems) stderr.write(`${problem.format()}\n`);
    return EXIT.failure;
  }
  if (error instanceof FileError) {
    stderr.write(`${error.format()}\n`);
    return EXIT.failure;
  }
  if (asJson) {
    // An unexpected error is a 500 in the envelope; its message still reaches the operator.
    if (!(error instanceof CmsError)) stderr.write(`cms: ${(error as Error)?.message ?? String(error)}\n`);
    stderr.write(`${JSON.stringify(toErrorBody(error))}\n`);
    return EXIT.failure;
  }
  if (error instanceof CmsError) {
    stderr.write(`cms: ${error.status} ${error.name}: ${error.message}\n`);
    const details = error.details as { errors?: { path: string[]; message: string }[] } | undefined;
    for (const problem of details?.errors ?? []) stderr.write(`  ${problem.path.join('.')}: ${problem.message}\n`);
    return EXIT.failure;
  }
  stderr.write(`cms: ${(error as Error)?.message ?? String(error)}\n`);
  return EXIT.failure;
}
