// Plain helpers every form module shares (no widget imports here, so nested widgets can use them
// without coming back up to the field table).

/** A problem found before any request (text that is not JSON), with the path of every field concerned. */
export class FormProblems extends Error {
  constructor(problems) {
    super('Some fields cannot be sent: see below.');
    this.problems = problems;
  }
}

/** A new value from a widget: the value itself, or a function of the current one (so nested edits never race). */
export const apply = (next, current) => (typeof next === 'function' ? next(current) : next);

/** The schema defaults of these attributes: a new document's or a new component entry's first values. */
export const schemaDefaults = (attributes) => Object.fromEntries(attributes
  .filter((attribute) => attribute.default !== undefined)
  .map((attribute) => [attribute.name, attribute.default]));

/** Whether any error names this path or a path below it (a collapsed item with an error opens). */
export const hasErrorUnder = (errors, path) => Object.keys(errors)
  .some((key) => key === path.join('.') || key.startsWith(`${path.join('.')}.`));
