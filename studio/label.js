/** A label for a document: its main field, never its raw id. */
export const labelOf = (document, mainField) => {
  const value = document?.[mainField];
  return value === undefined || value === null || value === '' ? '(untitled)' : String(value);
};
