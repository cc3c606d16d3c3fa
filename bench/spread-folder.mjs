// Where the Strapi table puts this server's site: a folder of its own under `$TMPDIR/cms-bench-sites`, which carries
// ext4's "top of a directory hierarchy" flag (`chattr +T`), so each site is placed in a block group of its own as a
// top-level folder would be, instead of beside whatever else lives in the temp folder. On ext4 without a journal (this
// machine's disk), making a file searches its folder's group past every inode freed there in the last minutes: after
// the last run removed its site (tens of thousands of files) from the same group, a create cost twice its CPU (see
// docs/reference/performance.md, round 18). Strapi's folder sits in the temp folder too, and its SQLite rollback journal
// is a file made and removed at every write transaction. Elsewhere (another file system, no chattr) the folder is a
// plain one.
// BENCH_SPREAD=0 keeps the plain temp folder, to compare.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The path of a site folder named `name` (not made: the caller makes it). */
export function siteFolder(name) {
  if (process.env.BENCH_SPREAD === '0') return join(tmpdir(), name);
  const parent = join(tmpdir(), 'cms-bench-sites');
  mkdirSync(parent, { recursive: true });
  try {
    execFileSync('chattr', ['+T', parent], { stdio: 'ignore' });
  } catch { /* not ext2/3/4, or no chattr: a plain folder */ }
  return join(parent, name);
}
