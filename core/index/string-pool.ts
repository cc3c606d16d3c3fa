/**
 * One copy of each repeated text: every holder of an equal string shares one instead of holding
 * its own (JSON.parse and buffer reads make a new string each time). At 100k documents, type
 * uids, locales and the documentIds relations point at are tens of megabytes of copies.
 * A pool lives for one load, then goes: a long-running server does not keep texts no file holds.
 */
export class StringPool {
  readonly #strings = new Map<string, string>();

  intern(text: string): string {
    const known = this.#strings.get(text);
    if (known !== undefined) return known;
    this.#strings.set(text, text);
    return text;
  }
}
