import type { GitPipe } from './git-pipe.js';

/** A file's new state in a commit: its blob and mode, or null when it goes. Names are repository paths. */
export type FileChange = { path: string; blob: { oid: string; mode: string } | null };

/** Tree entry names as byte strings (latin1: one character per byte), so any name git holds comes back unchanged. */
const bytesOf = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
/** One entry of a tree object: `<mode> <name>\0<binary id>`, and its place in git's order (a folder sorts as `name/`). */
type Entry = { key: string; raw: Buffer };
const entryOf = (mode: string, name: string, oid: string): Entry => ({
  key: mode === '40000' ? `${name}/` : name, raw: Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'latin1'), Buffer.from(oid, 'hex')]),
});

/** The folders on the changed paths, each with the changes of its own entries (a sub-folder's is set once it is written). */
function foldersOf(changes: FileChange[]): Map<string, Map<string, { oid: string; mode: string } | null>> {
  const folders = new Map<string, Map<string, { oid: string; mode: string } | null>>([['', new Map()]]);
  for (const { path, blob } of changes) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      if (!folders.has(folder)) folders.set(folder, new Map());
    }
    folders.get(parts.slice(0, -1).join('/'))!.set(bytesOf(parts.at(-1)!), blob);
  }
  return folders;
}

/** Read one `cat-file --batch` answer: the object's type and bytes, or undefined when it is missing. */
async function readObject(cat: GitPipe): Promise<{ oid: string; type: string; data: Buffer } | undefined> {
  const header = (await cat.line()).split(' ');
  if (header.length !== 3) return undefined;
  const data = await cat.bytes(Number(header[2]) + 1);
  return { oid: header[0], type: header[1], data: data.subarray(0, -1) };
}

/** Writes one tree object from its entries' bytes (in git's order) and answers its id. */
export type TreeWriter = (body: Buffer) => Promise<string>;

/**
 * The new root tree of `commit` with these files changed: each folder on a changed path read (`cat-file --batch`, the commit's
 * own trees), its entries written back with the changes (`write`, deepest folder first), and no other tree touched. A folder
 * left empty goes from its parent, as git keeps no empty folders. Returns undefined when the whole tree would be empty (the
 * caller commits by `git commit` then).
 */
export async function editTree(
  cat: GitPipe, write: TreeWriter, commit: { oid: string; tree: string }, changes: FileChange[],
): Promise<string | undefined> {
  const folders = foldersOf(changes);
  const depth = (folder: string) => (folder ? folder.split('/').length : 0);
  const names = [...folders.keys()].sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : 1));
  for (const folder of [...names].reverse()) cat.write(`${folder ? `${commit.oid}:${folder}` : commit.tree}\n`);
  const olds = new Map<string, Buffer | undefined>();
  for (const folder of [...names].reverse()) {
    const object = await readObject(cat);
    olds.set(folder, object?.type === 'tree' ? object.data : undefined);
  }
  const hashBytes = commit.oid.length / 2;
  for (const folder of names) {
    const edits = folders.get(folder)!;
    const entries: Entry[] = [];
    const old = olds.get(folder);
    for (let at = 0; old && at < old.length;) {
      const space = old.indexOf(0x20, at);
      const nul = old.indexOf(0, space);
      const name = old.toString('latin1', space + 1, nul);
      const end = nul + 1 + hashBytes;
      // Kept as git wrote them, bytes and all.
      const subfolder = old.toString('latin1', at, space) === '40000';
      if (!edits.has(name)) entries.push({ key: subfolder ? `${name}/` : name, raw: old.subarray(at, end) });
      at = end;
    }
    for (const [name, entry] of edits) if (entry) entries.push(entryOf(entry.mode, name, entry.oid));
    // git's order: bytes, a folder's name as if it ended in `/` (the names are latin1, one code unit per byte).
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const slash = folder.lastIndexOf('/');
    const parent = folder ? folders.get(folder.slice(0, Math.max(0, slash)))! : undefined;
    const own = bytesOf(folder.slice(slash + 1));
    if (!entries.length) {
      if (!parent) return undefined;
      parent.set(own, null);
      continue;
    }
    const tree = await write(Buffer.concat(entries.map((entry) => entry.raw)));
    if (!parent) return tree;
    parent.set(own, { oid: tree, mode: '40000' });
  }
  return undefined;
}
