/** `<oid> <type> <size>`: an object follows; any other header line (`<name> missing`, `ambiguous`) has nothing after it. */
const BATCH_HEADER = /^[0-9a-f]{40,64} (\w+) (\d+)$/;

/**
 * Read `git cat-file --batch` output as it streams: per asked name a header line, and for an object its `size` bytes and a
 * newline. Blobs come back as text, in the order asked (undefined for missing names and other object types). Only the object
 * being read is held (its chunks joined once, when it is whole), never the whole output: a 1 GB batch costs its texts.
 */
export async function readBatch(stream: AsyncIterable<Buffer>, count: number): Promise<Array<string | undefined>> {
  const texts: Array<string | undefined> = [];
  /** Bytes not read yet: `pending` from `at` (headers and small objects). */
  let pending: Buffer = Buffer.alloc(0);
  let at = 0;
  /** An object larger than what had come: its chunks so far, up to `size` bytes and the newline after them. */
  let body: { size: number; blob: boolean; parts: Buffer[]; have: number } | undefined;
  const object = (data: Buffer, from: number, size: number, blob: boolean) => texts.push(blob ? data.toString('utf8', from, from + size) : undefined);
  for await (let chunk of stream) {
    if (body) {
      const need = body.size + 1 - body.have;
      if (chunk.length < need) {
        body.parts.push(chunk);
        body.have += chunk.length;
        continue;
      }
      body.parts.push(chunk.subarray(0, need));
      object(Buffer.concat(body.parts, body.size + 1), 0, body.size, body.blob);
      body = undefined;
      chunk = chunk.subarray(need);
    }
    pending = at < pending.length ? Buffer.concat([pending.subarray(at), chunk]) : chunk;
    at = 0;
    for (let end = pending.indexOf(0x0a, at); end >= 0 && texts.length < count; end = pending.indexOf(0x0a, at)) {
      const header = BATCH_HEADER.exec(pending.toString('utf8', at, end));
      at = end + 1;
      if (!header) { texts.push(undefined); continue; }
      const size = Number(header[2]);
      const blob = header[1] === 'blob';
      if (pending.length - at > size) {
        object(pending, at, size, blob);
        at += size + 1;
        continue;
      }
      body = { size, blob, parts: [pending.subarray(at)], have: pending.length - at };
      pending = Buffer.alloc(0);
      at = 0;
      break;
    }
  }
  if (texts.length < count) throw new Error(`git cat-file answered ${texts.length} of ${count} names`);
  return texts;
}
