import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GitInputError } from './git-errors.js';

const run = promisify(execFile);

/** The folders of a project whose changes the studio shows and commits. */
export const TRACKED_FOLDERS = ['content', 'schemas', 'public/uploads'] as const;

const bad = (message: string, value: unknown) => new GitInputError(
  message, { value: typeof value === 'string' ? value.slice(0, 200) : typeof value },
);

/**
 * A branch name from a request, as git will see it: never an option (`-f`), a range (`a..b`), a
 * reflog shorthand (`@{-1}`) or anything `git check-ref-format --branch` refuses.
 *
 * @example
 * await checkBranchName(root, 'edits/spring') // 'edits/spring'
 */
export async function checkBranchName(root: string, name: unknown): Promise<string> {
  if (typeof name !== 'string' || name.length === 0 || name.length > 200) throw bad('A branch name is 1 to 200 characters', name);
  if (name.startsWith('-') || name.includes('..') || name.includes('@{') || name === '@' || /[\p{Cc}\s]/u.test(name)) {
    throw bad(`"${name}" is not a valid branch name`, name);
  }
  const checked = await run('git', ['check-ref-format', '--branch', name], { cwd: root })
    .then(({ stdout }) => stdout.trim(), () => undefined);
  if (checked !== name) throw bad(`"${name}" is not a valid branch name`, name);
  return name;
}

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
