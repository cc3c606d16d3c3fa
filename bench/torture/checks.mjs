// The checks on what was acknowledged: on the origin, not before it was there, races decided by the origin's order.
import { git } from './cluster.mjs';

/**
 * Each acknowledged write against the origin's first-parent history: `missing` (never there) and `early` (acknowledged
 * while the origin did not hold it yet); then the races: a same-field race ends on the value the origin took last, and
 * an update acknowledged beside an acknowledged delete came first. Marks the acks (`missing`, `early`) for the phase table.
 */
export function checkAcks({ acks, origin, expected, seeds, deleteOutcomes }) {
  const history = git(origin, 'log', '--first-parent', '--reverse', '-p', '--format=%x1e%H', 'main').split('\x1e').filter(Boolean);
  const position = new Map(history.map((chunk, at) => [chunk.slice(0, 40), at]));
  const firstIn = (text) => history.findIndex((chunk) => chunk.includes(text));
  let missing = 0, early = 0, raceLosses = 0;
  const problems = [];
  for (const ack of acks) {
    const marker = ack.method === 'DELETE' ? 'deleted file mode' : ack.data?.name ?? ack.data?.color;
    const where = ack.commit ? (position.get(ack.commit) ?? -1)
      : ack.method === 'DELETE'
        ? history.findIndex((chunk) => chunk.includes(`--- a/content/tags/${ack.id}.json`) && chunk.includes('deleted file mode'))
        : ack.data?.name ? firstIn(JSON.stringify(ack.data.name)) : firstIn(ack.id);
    if (where < 0) {
      missing++;
      ack.missing = true;
      problems.push(`missing from the origin: ${ack.method} ${ack.path} ${marker ?? ''}`);
      continue;
    }
    const originAt = position.get(ack.originAt) ?? -1;
    if (originAt < where) {
      early++;
      ack.early = true;
      problems.push(`acknowledged before it was on the origin: ${ack.method} ${ack.path} ${marker ?? ''}`);
    }
  }
  const finalTags = new Map(JSON.parse(expected).map((tag) => [tag.documentId, tag]));
  for (const id of seeds.slice(0, 6)) {
    const values = acks.filter((ack) => ack.id === id && ack.method === 'PUT').map((ack) => ack.data.name);
    const last = values.sort((a, b) => firstIn(JSON.stringify(a)) - firstIn(JSON.stringify(b))).pop();
    if (last !== undefined && finalTags.get(id)?.name !== last) {
      raceLosses++;
      problems.push(`same-field race on ${id}: the origin ends on ${finalTags.get(id)?.name}, its last acknowledged value is ${last}`);
    }
  }
  for (const outcome of deleteOutcomes) {
    if (outcome.removed === 204 && outcome.updated === 200 && finalTags.has(outcome.id)) {
      raceLosses++;
      problems.push(`delete and update of ${outcome.id} both acknowledged, yet the document is still there`);
    }
  }
  return { missing, early, raceLosses, problems };
}
