import { createContext } from 'preact';

/** What the document form lends the widgets that need more than their own value: { model, documentId, locale, values }. */
export const FormContext = createContext({});
