// Component schemas by uid (`shared.seo`), from GET ./api/schemas: component and dynamic-zone fields
// draw their nested forms from them. A Map, so no uid can reach an object's prototype.
export const components = new Map();

/** Keep the component schemas of the signed-in credential's answer (called when a form is drawn). */
export function registerComponents(schemas) {
  for (const [uid, schema] of Object.entries(schemas ?? {})) components.set(uid, schema);
}

/** The attributes of a component, or none for a uid the schemas do not list. */
export const componentAttributes = (uid) => components.get(uid)?.attributes ?? [];

/** As a plain object, for `populateFor`. */
export const componentTable = () => Object.fromEntries(components);

let counter = 0;
/** A key that follows a list item through reorders (never sent: the API does not know it). */
export const itemKey = () => `item-${++counter}`;
