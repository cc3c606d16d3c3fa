import { useLayoutEffect, useRef } from 'preact/hooks';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), '
  + '[tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's keyboard contract (WAI-ARIA's dialog pattern): focus moves into it when it opens,
 * Tab and Shift+Tab cycle inside it, Escape closes it, and focus returns to what opened it.
 * Spread nothing: put the returned ref on the element with `role="dialog"`.
 *
 * @example
 * const ref = useDialogFocus(onClose);
 * html`<section role="dialog" aria-modal="true" ref=${ref}>…</section>`
 */
export function useDialogFocus(onClose) {
  const ref = useRef();
  const close = useRef(onClose);
  close.current = onClose;
  // Before the browser paints the dialog: no frame shows it with focus still on what opened it (a key pressed then went there).
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    const inside = () => [...dialog.querySelectorAll(FOCUSABLE)]
      .filter((element) => element.offsetParent !== null || element === document.activeElement);
    (inside()[0] ?? dialog).focus();
    const onKey = (event) => {
      if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); close.current(); return; }
      if (event.key !== 'Tab') return;
      const items = inside();
      if (!items.length) { event.preventDefault(); return; }
      const [first, last] = [items[0], items[items.length - 1]];
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return ref;
}
