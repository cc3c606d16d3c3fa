import { useState } from 'preact/hooks';

/** A message for the page the studio shows next: a create, a duplicate or a delete leaves the page that made it. */
let waiting;

/** Say `text` on the next page the studio shows (in its polite status line). */
export const announceNext = (text) => { waiting = text; };

/** The message left for this page, taken once (so a later visit does not say it again). */
export function useAnnounced() {
  const [text] = useState(() => {
    const taken = waiting;
    waiting = undefined;
    return taken;
  });
  return text;
}
