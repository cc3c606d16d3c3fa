import { CmsError, ValidationError } from '../errors.js';

/** Git said no (a checkout that would lose changes, a rejected push): its own words, as a 409. */
export class GitRefusedError extends CmsError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message, 409, details, 'ConflictError');
  }
}

/** The project root is no git repository, or has no remote to push to. */
export class GitUnavailableError extends CmsError {
  constructor(message: string) {
    super(message, 409, {}, 'ConflictError');
  }
}

/** A branch name or path from a request that git must never see (an option, a range, a path out of the project). */
export class GitInputError extends ValidationError {}

/** Git's own explanation from a failed command: its stderr without hints, at most 12 lines. */
export function gitReason(error: unknown): string {
  const stderr = (error as { stderr?: string })?.stderr;
  const text = stderr?.trim() ? stderr : String((error as Error)?.message ?? error);
  return text.split('\n').map((line) => line.trimEnd())
    .filter((line) => line.trim() && !line.startsWith('hint:') && !line.startsWith('Command failed:')).slice(0, 12)
    .join('\n') || 'git failed';
}

/** The line of git's explanation that says what went wrong (its first `fatal`/`error`/`!` line), for one-line reports. */
export function gitFirstLine(error: unknown): string {
  const lines = gitReason(error).split('\n');
  return lines.find((line) => /fatal|error|!/i.test(line)) ?? lines[0];
}
