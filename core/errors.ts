/**
 * Typed errors. Every error a user can cause is one of these; each face maps
 * them to output exactly once (HTTP: strapi/errors.ts, CLI: cli/output.ts).
 * `name` and default messages are Strapi's (packages/core/utils/src/errors.ts).
 */
export type ErrorDetails = Record<string, unknown>;

export class CmsError extends Error {
  readonly status: number;
  readonly details: ErrorDetails | undefined;

  /** `details` undefined means none: Strapi omits it for body-parser and 5xx errors. */
  constructor(message: string, status = 400, details?: ErrorDetails, name = 'ApplicationError') {
    super(message);
    this.name = name;
    this.status = status;
    this.details = details;
  }
}

export class ApplicationError extends CmsError {
  constructor(message = 'An application error occured', details: ErrorDetails = {}) {
    super(message, 400, details, 'ApplicationError');
  }
}

export class ValidationError extends CmsError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, 400, details, 'ValidationError');
  }
}

export class PaginationError extends CmsError {
  constructor(message = 'Invalid pagination', details: ErrorDetails = {}) {
    super(message, 400, details, 'PaginationError');
  }
}

export class NotFoundError extends CmsError {
  constructor(message = 'Not Found', details: ErrorDetails = {}) {
    super(message, 404, details, 'NotFoundError');
  }
}

export class ForbiddenError extends CmsError {
  constructor(message = 'Forbidden', details: ErrorDetails = {}) {
    super(message, 403, details, 'ForbiddenError');
  }
}

export class UnauthorizedError extends CmsError {
  constructor(message = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, 401, details, 'UnauthorizedError');
  }
}

export class PayloadTooLargeError extends CmsError {
  constructor(message = 'request entity too large') {
    super(message, 413, undefined, 'PayloadTooLargeError');
  }
}

/** The request conflicts with the state the server holds now (a branch that moved, a merge that conflicts): 409. */
export class ConflictError extends CmsError {
  constructor(message = 'Conflict', details: ErrorDetails = {}) {
    super(message, 409, details, 'ConflictError');
  }
}

/** The server cannot answer now (a replica whose push or catch-up did not reach the remote in time); the client may retry. */
export class ServiceUnavailableError extends CmsError {
  constructor(message = 'Service Unavailable', details: ErrorDetails = {}) {
    super(message, 503, details, 'ServiceUnavailableError');
  }
}

/** A client body that is not JSON: Strapi answers 400 SyntaxError without details. */
export class BodySyntaxError extends CmsError {
  constructor(message: string) {
    super(message, 400, undefined, 'SyntaxError');
  }
}

export class MethodNotAllowedError extends CmsError {
  readonly allow: string[];
  constructor(allow: string[]) {
    super('Method Not Allowed', 405, undefined, 'MethodNotAllowedError');
    // koa-router registers every GET route for HEAD too, just before it: `Allow: HEAD, GET, DELETE`
    this.allow = allow.includes('GET') && !allow.includes('HEAD')
      ? allow.flatMap((method) => (method === 'GET' ? ['HEAD', 'GET'] : [method]))
      : allow;
  }
}

/** A schema, config or content file that cannot be used; carries file:line:col. */
export class FileError extends CmsError {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(file: string, message: string, line?: number, column?: number) {
    super(message, 500, undefined, 'FileError');
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** `path:line:col: message`, the compiler-style line editors and CI understand. */
  format(): string {
    const where = [this.file, this.line, this.column].filter((part) => part !== undefined).join(':');
    return `${where}: ${this.message}`;
  }
}

/**
 * A file with several problems: it reads as its first (one line wherever a file's problem is
 * shown), and `cms validate` lists them all, so one run names everything to fix.
 */
export class FileProblemsError extends FileError {
  readonly problems: FileError[];
  constructor(problems: [FileError, ...FileError[]]) {
    super(problems[0].file, problems[0].message, problems[0].line, problems[0].column);
    this.problems = problems;
  }
}

/** Several file problems at once (schemas that do not load, content files under `strict`): each keeps its `path:line:col`. */
export class ProjectProblemsError extends CmsError {
  readonly problems: FileError[];
  constructor(title: string, problems: FileError[], name = 'ProjectProblemsError') {
    super(`${title}:\n${problems.map((problem) => `  ${problem.format()}`).join('\n')}`, 500, undefined, name);
    this.problems = problems;
  }
}

/** Query-key error in Strapi's shape: `Invalid key <key>[ at <path>]`. */
export function invalidKey(key: string, path: string | null, param: string, source = 'query'): ValidationError {
  const message = path && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return new ValidationError(message, { key, path, source, param });
}

/**
 * A write made over a version the client no longer holds (`If-Match` names another version): 412.
 * `details.current` is the version stored now, so the client can fetch it and merge.
 */
export class PreconditionFailedError extends CmsError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, 412, details, 'PreconditionFailedError');
  }
}
