import { useEffect } from 'preact/hooks';

const LEAVE_MESSAGE = 'Leave without saving? Your changes will be lost.';

/** Whether to go on although the form holds unsaved edits (asked only when it does). */
export const mayLeave = (dirty) => !dirty || confirm(LEAVE_MESSAGE);

/**
 * While a form holds unsaved edits, leaving asks first: closing or reloading the tab (the
 * browser's own prompt) and following a link of the studio (`<a href="#…">`, which the hash
 * router would follow at once).
 */
export function useUnsavedGuard(dirty) {
  useEffect(() => {
    if (!dirty) return undefined;
    const beforeUnload = (event) => { event.preventDefault(); event.returnValue = ''; };
    const click = (event) => {
      const link = event.target.closest?.('a[href]');
      if (!link || link.target || !link.getAttribute('href').startsWith('#')) return;
      if (!mayLeave(true)) { event.preventDefault(); event.stopPropagation(); }
    };
    addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => { removeEventListener('beforeunload', beforeUnload); document.removeEventListener('click', click, true); };
  }, [dirty]);
}
