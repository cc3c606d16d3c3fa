/** A tool result past `mcp.maxResultChars`: refused whole (a cut JSON document would mislead an agent). */
export class ResultTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the result passes this server's limit of ${limit} characters (mcp.maxResultChars): `
      + 'ask for less (a smaller pageSize, filters, or one locale)');
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What JSON.stringify writes for a value: `toJSON` applied; undefined for what it leaves out. */
function resolve(value: unknown, key: string): unknown {
  const resolved = value && typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON: (key: string) => unknown }).toJSON(key) : value;
  return resolved === undefined || typeof resolved === 'function' || typeof resolved === 'symbol' ? undefined : resolved;
}

/**
 * A budget of characters a result's JSON may take, shared by the pieces it is built from (a list's results, one by
 * one), so building stops at the first piece that passes it: a huge list never costs more than the limit.
 */
export class ResultBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  /** Count `chars` more; past the limit, the result is refused. */
  charge(chars: number): void {
    this.used += chars;
    if (this.used > this.limit) throw new ResultTooLargeError(this.limit);
  }

  /**
   * `JSON.stringify(value)`, written piece by piece and given up (ResultTooLargeError) as soon as the text passes what
   * is left of the budget: no more of the value is visited, and no text longer than the limit is ever held.
   *
   * @example
   * new ResultBudget(1000).json({ results: [] }) // '{"results":[]}'
   */
  json(value: unknown): string {
    const parts: string[] = [];
    const put = (text: string) => {
      this.charge(text.length);
      parts.push(text);
    };
    const write = (input: unknown): void => {
      const value = input as Json;
      if (value === null) return put('null');
      if (typeof value === 'string') {
        // its text is at least as long as the string and its quotes: no need to escape one that cannot fit
        if (value.length + 2 > this.limit - this.used) throw new ResultTooLargeError(this.limit);
        return put(JSON.stringify(value));
      }
      if (typeof value === 'number') return put(Number.isFinite(value) ? String(value) : 'null');
      if (typeof value === 'boolean') return put(String(value));
      if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
      if (Array.isArray(value)) {
        put('[');
        value.forEach((item, index) => {
          if (index > 0) put(',');
          const resolved = resolve(item, String(index));
          write(resolved === undefined ? null : resolved);
        });
        return put(']');
      }
      put('{');
      let first = true;
      for (const key of Object.keys(value)) {
        const resolved = resolve(value[key], key);
        if (resolved === undefined) continue;
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        write(resolved);
      }
      return put('}');
    };
    const top = resolve(value, '');
    if (top === undefined) return 'null';
    write(top);
    return parts.join('');
  }
}
