/**
 * Text of a query value. Parsed query objects have no prototype (so no `__proto__` can reach
 * Object.prototype), which also means `String(object)` throws: objects and arrays become JSON.
 */
export function textOf(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    try { return JSON.stringify(value); } catch { return '[object]'; }
  }
  return String(value);
}
