import { GitInputError } from './git-errors.js';

/** The folders of a project whose changes the studio shows and commits. */
export const TRACKED_FOLDERS = ['content', 'schemas', 'public/uploads'] as const;

const bad = (message: string, value: unknown) => new GitInputError(
  message, { value: typeof value === 'string' ? value.slice(0, 200) : typeof value },
);

/**
 * A project-relative path from a request, inside one of the tracked folders: no option, no `..`,
 * no absolute path, no backslash or control character.
 *
 * @example
 * checkProjectPath('content/articles/abc.json') // 'content/articles/abc.json'
 */
export function checkProjectPath(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 1000) throw bad('A path is 1 to 1000 characters', path);
  const segments = path.split('/');
  if (path.startsWith('-') || path.startsWith('/') || path.includes('\\') || /\p{Cc}/u.test(path)
      || segments.some((segment) => segment === '..' || segment === '.' || segment === '')) {
    throw bad(`"${path}" is not a project path`, path);
  }
  if (!TRACKED_FOLDERS.some((folder) => path.startsWith(`${folder}/`))) {
    throw bad(`"${path}" is outside ${TRACKED_FOLDERS.join(', ')}`, path);
  }
  return path;
}
