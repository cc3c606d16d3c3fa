// What a synced append to the write log costs (core/storage/write-log.ts), and the log's rate of creates.
// node bench/log-append.mjs [bytes=9000] [appends=500] [checkout=.]
// 1. A write of `bytes` through an O_DSYNC descriptor, `appends` times in a row: to a new file (each write allocates
//    blocks and changes the file's size: the inode is written too) and over a file whose blocks are written and synced
//    (the data alone), three rounds each, in the site's file system (/tmp here: pass a checkout elsewhere to move it).
// 2. Creates through `checkout`'s WriteLog, 8 at a time for 6 s (the last 4 counted): writes a second. Give another
//    built copy of this project as `checkout` to compare two commits on one machine.
import { closeSync, constants, fsyncSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bytes = 9000, appends = 500] = process.argv.slice(2, 4).map(Number);
const checkout = resolve(process.argv[4] ?? '.');
const scratch = mkdtempSync('/tmp/cms-log-append-');
const chunk = Buffer.alloc(bytes, 'x');

function timed(fd) {
  const times = [];
  for (let i = 0; i < appends; i++) {
    const start = process.hrtime.bigint();
    writeSync(fd, chunk, 0, bytes, null);
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return `median ${times[appends >> 1].toFixed(0)} µs, p90 ${times[Math.floor(appends * 0.9)].toFixed(0)} µs`;
}

console.log(`## A synced write of ${bytes} bytes, ${appends} in a row`);
for (let round = 1; round <= 3; round++) {
  const appended = join(scratch, `appended-${round}.log`);
  let fd = openSync(appended, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC, 0o600);
  const append = timed(fd);
  closeSync(fd);
  const written = join(scratch, `written-${round}.log`);
  fd = openSync(written, constants.O_WRONLY | constants.O_CREAT, 0o600);
  writeSync(fd, Buffer.alloc(bytes * appends), 0, bytes * appends, 0);
  fsyncSync(fd);
  closeSync(fd);
  fd = openSync(written, constants.O_WRONLY | constants.O_DSYNC);
  const over = timed(fd);
  closeSync(fd);
  console.log(`round ${round}: to a new file ${append}; over written blocks ${over}`);
}

const { WriteLog } = await import(pathToFileURL(join(checkout, 'dist/core/storage/write-log.js')).href);
const { CURRENT_BOOT } = await import(pathToFileURL(join(checkout, 'dist/core/storage/write-log-format.js')).href);
if (CURRENT_BOOT) {
  const root = join(scratch, 'site');
  mkdirSync(join(root, 'content/articles'), { recursive: true });
  const log = new WriteLog(root, { boot: CURRENT_BOOT });
  const text = JSON.stringify({ title: 'x'.repeat(200), description: 'y'.repeat(600) }, null, 2);
  const end = Date.now() + 6000;
  const from = Date.now() + 2000;
  let serial = 0;
  let counted = 0;
  const writer = async () => {
    while (Date.now() < end) {
      await log.write(`content/articles/d${serial++}.json`, text, null);
      if (Date.now() > from) counted++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  await log.close();
  console.log(`\n## Creates through ${checkout}'s write log, 8 at a time: ${Math.round(counted / 4)} a second`);
}
rmSync(scratch, { recursive: true, force: true });
process.exit(0);
