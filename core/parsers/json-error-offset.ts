/**
 * Where JSON text first goes wrong, as an offset. Node 20's `JSON.parse` often says only
 * `Unexpected token '}', "…" is not valid JSON`, with no position; this small scanner walks the
 * grammar to find it, so a broken content file is reported at its line and column.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => { throw at; };
  const space = () => { while (at < text.length && ' \t\n\r'.includes(text[at])) at++; };
  const expect = (char: string) => { if (text[at] !== char) fail(); at++; };
  const literal = (word: string) => { if (!text.startsWith(word, at)) fail(); at += word.length; };
  const string = () => {
    expect('"');
    while (text[at] !== '"') {
      if (at >= text.length || text.charCodeAt(at) < 0x20) fail();
      if (text[at] === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail();
          at += 5;
        } else if ('"\\/bfnrt'.includes(text[at] ?? 'x')) at++;
        else fail();
      } else at++;
    }
    at++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match || match[0] === '' || match[0] === '-') fail();
    at += match![0].length;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++; space();
      if (text[at] === '}') { at++; return; }
      for (;;) { space(); string(); space(); expect(':'); value(); space(); if (text[at] === ',') { at++; continue; } expect('}'); return; }
    }
    if (char === '[') {
      at++; space();
      if (text[at] === ']') { at++; return; }
      for (;;) { value(); space(); if (text[at] === ',') { at++; continue; } expect(']'); return; }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    return number();
  };
  try {
    value();
    space();
    return at < text.length ? at : text.length;
  } catch (offset) {
    return typeof offset === 'number' ? offset : text.length;
  }
}
