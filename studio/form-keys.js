import { useEffect, useRef } from 'preact/hooks';

/** Input types in which a browser's Enter submits the form (implicit submission); a checkbox or a button never does. */
const NOT_TEXT = new Set(['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'color', 'range']);

/**
 * The form's keydown: Enter in a one-line field never submits (what is typed after it would be
 * replaced by the saved values), as Strapi's admin does; a widget that uses Enter (the relation
 * picker, the link box) has already acted on it.
 */
export function keepEnter(event) {
  const target = event.target;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)) event.preventDefault();
}

/**
 * Ctrl+S (Cmd+S on a Mac) saves while the form is open, wherever the focus is, instead of the
 * browser's "Save page". `save` is read when the keys are pressed, so it may change on each render.
 *
 * @example
 * useSaveKeys(() => save());
 */
export function useSaveKeys(save) {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
