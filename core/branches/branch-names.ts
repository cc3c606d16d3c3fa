import { NotFoundError, ValidationError } from '../errors.js';

/** The longest branch name the CMS takes (git's own limit is the file system's). */
export const MAX_BRANCH_NAME = 100;

/**
 * What `git check-ref-format --branch` refuses, as one predicate per rule, plus the CMS's own: no
 * `..` anywhere, no leading `-` (an option), no whitespace or invisible characters, at most 100 characters.
 */
const REFUSED: Array<[(name: string) => boolean, string]> = [
  [(name) => name.length === 0, 'is empty'],
  [(name) => name.length > MAX_BRANCH_NAME, `is longer than ${MAX_BRANCH_NAME} characters`],
  [(name) => name.startsWith('-'), 'starts with "-"'],
  [(name) => name.includes('..'), 'contains ".."'],
  [(name) => /[\p{Cc}\p{Cf}\s]/u.test(name), 'contains a space or a control character'],
  [(name) => /[~^:?*[\\]/.test(name), 'contains one of ~ ^ : ? * [ \\'],
  [(name) => name.includes('@{') || name === '@' || name === 'HEAD', 'is reserved by git'],
  [(name) => name.startsWith('/') || name.endsWith('/') || name.includes('//'), 'has an empty part between slashes'],
  [(name) => name.endsWith('.'), 'ends with "."'],
  [(name) => name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock')),
    'has a part starting with "." or ending in ".lock"'],
];

/**
 * A branch name as git will see it, or a ValidationError (HTTP 400) saying why not. Pure: no git run.
 *
 * @example
 * checkBranchName('spring/menu') // 'spring/menu'
 * checkBranchName('a..b')        // throws ValidationError: Branch name "a..b" contains ".."
 */
export function checkBranchName(name: unknown): string {
  if (typeof name !== 'string') throw new ValidationError('A branch name must be a string', { name: typeof name });
  const refused = REFUSED.find(([test]) => test(name));
  if (refused) throw new ValidationError(`Branch name "${name.slice(0, MAX_BRANCH_NAME)}" ${refused[1]}`, { name: name.slice(0, 200) });
  return name;
}

/** A branch that is not there: 404 in Strapi's envelope. */
export class BranchNotFoundError extends NotFoundError {
  constructor(name: string) {
    super(`Branch "${name}" does not exist`, {});
  }
}
