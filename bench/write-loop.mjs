// The timed loop of the in-process write benches (write-lib.mjs, write-http.mjs).

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
