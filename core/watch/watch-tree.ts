import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export interface TreeWatcher {
  /** Start watching the root if it was missing until now (a project's first `content/` folder). */
  refresh(): void;
  close(): void;
}

/** Subfolders of a folder (none when it is gone), dot folders left out. */
function subfolders(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** A real folder: a link to one is never watched (nor read) through. */
const isFolder = (path: string): boolean => {
  try { return lstatSync(path).isDirectory(); } catch { return false; }
};

/**
 * Watch a folder and its subfolders down to `depth` levels, one plain (non-recursive) watcher per
 * folder, and call `onChange` with the changed path relative to `root` (`articles/x.json`), or the
 * folder's own path when the system gives no name (undefined for the root itself).
 *
 * Node 20's `recursive: true` on Linux watches each file it has seen: a file that `git checkout`
 * replaced (a new inode) stops reporting changes. A folder watcher sees every entry created,
 * changed, renamed or removed in it, whatever the file's inode. Folders that appear are watched
 * as they appear; folders that go are dropped.
 *
 * @example
 * const tree = watchTree('/srv/site/content', 1, (path) => console.log(path), console.error);
 */
export function watchTree(
  root: string, depth: number, onChange: (path: string | undefined) => void, onError: (error: Error) => void,
): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const drop = (folder: string) => {
    for (const [path, watcher] of watchers) {
      if (path === folder || path.startsWith(`${folder}/`)) { watcher.close(); watchers.delete(path); }
    }
  };

  /** A named entry changed: start watching it when it is a new folder, stop when a watched one went. */
  const follow = (path: string, level: number) => {
    if (level > depth) return;
    if (isFolder(join(root, path))) add(path, level);
    else if (watchers.has(path)) drop(path);
  };

  function add(folder: string, level: number): void {
    if (closed || watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(root, folder), (_event, name) => {
        const path = name ? (folder ? `${folder}/${name.toString()}` : name.toString()) : undefined;
        if (path !== undefined) follow(path, level + 1);
        onChange(path ?? (folder || undefined));
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error as Error);
      return;
    }
    // A watched folder that is removed ends its watcher; anything else is worth reporting.
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      drop(folder);
      if (error.code !== 'ENOENT' && error.code !== 'EPERM') onError(error);
    });
    watchers.set(folder, watcher);
    if (level < depth) for (const name of subfolders(join(root, folder))) add(folder ? `${folder}/${name}` : name, level + 1);
  }

  add('', 0);
  return {
    refresh: () => add('', 0),
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
