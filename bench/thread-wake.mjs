// What a message to a worker thread costs the sending thread, in its own CPU time (Linux schedstat), when the worker
// sleeps (each message after a 1 ms pause, as an update in the 9:1 mix reaches the look and writer threads) and when it
// is awake (messages back to back): on a virtual machine the first includes waking an idle virtual CPU.
//   node bench/thread-wake.mjs [messages]
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const count = Number(process.argv[2] ?? 500);
/** This thread's time on a CPU so far, in µs. */
const cpu = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e3;
const worker = new Worker(`const { parentPort } = require('node:worker_threads');
parentPort.on('message', (message) => { if (message.reply) parentPort.postMessage(1); });`, { eval: true });
// About a write job's size: a 2 KB text and a few fields.
const job = { id: 1, text: 'x'.repeat(2000), jobs: [{ file: 'content/articles/a.json', at: 1, replaced: 'y'.repeat(100) }] };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Main-thread CPU µs per message, each sent after `gapMs` (the worker asleep by then); `reply`: a round trip. */
async function paced(gapMs, reply) {
  let spent = 0;
  for (let i = 0; i < count; i++) {
    await pause(gapMs);
    const before = cpu();
    worker.postMessage({ ...job, reply });
    spent += cpu() - before;
    if (reply) await new Promise((resolve) => worker.once('message', resolve));
  }
  return spent / count;
}

await paced(1, false); // warm-up
const rows = [];
for (let round = 1; round <= 2; round++) {
  rows.push({ round, 'to a sleeping worker, µs': +(await paced(1, false)).toFixed(1),
    'to a sleeping worker that answers, µs': +(await paced(1, true)).toFixed(1) });
  const before = cpu();
  for (let i = 0; i < count; i++) worker.postMessage(job);
  rows.at(-1)['back to back (worker awake), µs'] = +((cpu() - before) / count).toFixed(1);
  await pause(100);
}
console.log(`\n## A message to a worker thread: the sender's CPU per message (${count} messages per figure)`);
console.table(rows);
await worker.terminate();
