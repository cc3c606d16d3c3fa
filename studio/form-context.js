import { createContext } from 'preact';

/**
 * What the document form lends the widgets that need more than their own value: { model, documentId, locale, values,
 * forgetErrors(path), notes (field path → a note shown at the field), saves (how many writes were answered) }.
 */
export const FormContext = createContext({});

/** The component entry a field sits in: { component (its uid), values (its sibling fields) }; null at the document's top level. */
export const EntryContext = createContext(null);
