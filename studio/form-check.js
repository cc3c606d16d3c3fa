import { useEffect, useRef } from 'preact/hooks';

/** How often an open form asks whether its document changed elsewhere (also on focus, a pull and a branch switch). */
const CHECK_EVERY_MS = 4000;

/** Whether an answer read on `read` (a branch, or undefined/null for the base) speaks of branch `mine`. */
export const sameBranch = (read, mine) => (read || undefined) === (mine || undefined);

/**
 * Changes on disk show while the form is open: on focus, after a pull or a branch switch, and every
 * few seconds, the document is read again (`read`) unless the form is busy, in a conflict, creating a
 * locale or hidden. `onAnswer(answer, newer)` gets each answer read while nothing else took a
 * version (`taken`, bumped by every save and merge), `newer` when its version is not the form's.
 * `live.current` is the form's { busy, conflict, missing, current }; `version.current` the version it holds.
 *
 * A version is a version on one branch: `branch` is the form's (undefined: the Published site), and an
 * answer read from any other (the tab moved to another change request while the check was under way)
 * is no news about this form's document: it is dropped, never merged in as "saved elsewhere".
 */
export function useDiskCheck({ isNew, live, taken, version, read, onAnswer, branch }) {
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (isNew) return undefined;
    const check = async () => {
      const state = live.current;
      if (state.busy || state.conflict || state.missing || !state.current || document.visibilityState === 'hidden') return;
      const before = taken.current;
      const answer = await read().catch(() => undefined);
      const still = !live.current.busy && !live.current.conflict && taken.current === before;
      if (answer && still && sameBranch(answer.branch, branch)) {
        await latest.current(answer, answer.version !== version.current);
      }
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const events = ['focus', 'studio:branch-switched', 'studio:pulled'];
    for (const event of events) addEventListener(event, check);
    return () => { clearInterval(timer); for (const event of events) removeEventListener(event, check); };
  }, [isNew]);
}
