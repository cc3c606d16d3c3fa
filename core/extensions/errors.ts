import { CmsError, type ErrorDetails } from '../errors.js';

/** A policy answered false (Strapi's `PolicyError`: 403 "Policy Failed"). */
export class PolicyError extends CmsError {
  constructor(message = 'Policy Failed', details: ErrorDetails = {}) {
    super(message, 403, details, 'PolicyError');
  }
}

/** `ctx.badRequest(message, details)`: Strapi answers 400 `BadRequestError`. */
export class BadRequestError extends CmsError {
  constructor(message = 'Bad Request', details: ErrorDetails = {}) {
    super(message, 400, details, 'BadRequestError');
  }
}

/** `ctx.internalServerError(message, details)`: Strapi answers 500 `InternalServerError` with the message it was given. */
export class InternalServerError extends CmsError {
  constructor(message = 'Internal Server Error', details: ErrorDetails = {}) {
    super(message, 500, details, 'InternalServerError');
  }
}

/** Project code uses a Strapi API this server does not provide: named, so it is never silently ignored. */
export class UnsupportedApiError extends Error {
  constructor(readonly api: string, hint = '') {
    super(`${api} is not supported by gitcms${hint ? ` (${hint})` : ''}; see docs/guide/extending.md for the supported API`);
    this.name = 'UnsupportedApiError';
  }
}
