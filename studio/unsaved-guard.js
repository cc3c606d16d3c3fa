import { useLayoutEffect } from 'preact/hooks';

const LEAVE_MESSAGE = 'Leave without saving? Your changes will be lost.';

/** The address of the form that holds unsaved edits, while one does (one form is open at a time). */
let guarded = null;

/** Whether to go on although a form holds unsaved edits (asked only when one does): sign-out, a locale switch. */
export const mayLeave = () => !guarded || confirm(LEAVE_MESSAGE);

/** The form's address changed in place (a new document's, once created): the guard follows it. */
export const moveGuard = () => { if (guarded) guarded = location.href; };

/** The form's edits are written (or given up): leaving no longer asks. */
export const releaseGuard = () => { guarded = null; };

/**
 * For the hash router, on every address change (a link, the back button, a typed address, a locale
 * switch): whether to follow it. Refused, the address goes back to the form's, so nothing is lost.
 */
export function mayFollowHash() {
  if (!guarded || location.href === guarded) return true;
  if (confirm(LEAVE_MESSAGE)) { guarded = null; return true; }
  history.replaceState(null, '', guarded);
  return false;
}

/**
 * While a form holds unsaved edits, every way out asks first: closing or reloading the tab (the
 * browser's own prompt), any change of address (through `mayFollowHash`), signing out (`mayLeave`).
 */
export function useUnsavedGuard(dirty) {
  // A layout effect: the guard is up when the edit is drawn, before any click or address change can follow.
  useLayoutEffect(() => {
    if (!dirty) return undefined;
    guarded = location.href;
    const beforeUnload = (event) => { event.preventDefault(); event.returnValue = ''; };
    addEventListener('beforeunload', beforeUnload);
    return () => { removeEventListener('beforeunload', beforeUnload); guarded = null; };
  }, [dirty]);
}
