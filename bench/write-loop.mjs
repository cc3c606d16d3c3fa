// The timed loop of the in-process write benches (write-lib.mjs, write-http.mjs).
import { Session } from 'node:inspector';

/** `count` calls of `write`, `concurrency` at a time. */
async function run(write, count, concurrency) {
  let left = count;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (left-- > 0) await write();
  }));
}

/**
 * This process's CPU per write over `writes` calls of `write`, `concurrency` at a time, after 50 untimed ones (the type's
 * lookups built, the write path compiled): milliseconds per write, all and of which system.
 */
export async function cpuPerWrite(write, writes, concurrency) {
  await run(write, 50, concurrency);
  const cpu = process.cpuUsage();
  await run(write, writes, concurrency);
  const used = process.cpuUsage(cpu);
  const per = (micros) => +(micros / 1000 / Math.max(1, writes)).toFixed(3);
  return { all: per(used.user + used.system), system: per(used.system) };
}

/**
 * Kilobytes the main thread allocates per write over `writes` calls of `write`, after 300 untimed ones: V8's sampling
 * heap profiler, objects already collected counted too (every allocation is work for the scavenger and the GC threads).
 * Unlike CPU time, the figure does not move with the load of others on a shared machine.
 */
export async function allocationPerWrite(write, writes, concurrency) {
  await run(write, 300, concurrency);
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((ok, fail) => session.post(method, params, (error, result) => (error ? fail(error) : ok(result))));
  try {
    await post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await run(write, writes, concurrency);
    const { profile } = await post('HeapProfiler.stopSampling');
    let bytes = 0;
    const add = (node) => { bytes += node.selfSize; node.children.forEach(add); };
    add(profile.head);
    return +(bytes / 1024 / Math.max(1, writes)).toFixed(1);
  } finally {
    session.disconnect();
  }
}
