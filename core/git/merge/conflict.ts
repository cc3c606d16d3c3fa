/**
 * Both sides changed one value differently: what each side holds (undefined: removed). A `span`
 * conflict stands in a list for a run of items, and each side is the run (an array) it holds there.
 */
export class Conflict {
  constructor(readonly ours: unknown, readonly theirs: unknown, readonly span = false) {}
}
