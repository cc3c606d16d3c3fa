/**
 * A fast reading of the plainest YAML, the front matter most Markdown pages carry: `key: value` lines at the left
 * margin, and `key:` followed by `- item` lines, every value a plain scalar. It answers exactly what the yaml package's
 * `parseDocument(text).toJS()` answers for such text (YAML 1.2 core schema), and undefined for anything else (a comment,
 * a quote, a flow or block collection, an anchor, a tab, a repeated key, a number it does not spell exactly), which
 * the caller then reads with the yaml package, errors and their lines included. The yaml package builds a full
 * document per file (a third of a static build's time at 100k pages); this reads such a file in a few microseconds.
 */

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const ITEM = /^( *)- +(.*)$/;
/** Characters no value read here may hold anywhere: a comment's `#`, flow collections, controls, tabs, odd spaces. */
const REFUSED = /[#[\]{}\t\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|: |:$/;
/** Characters no value read here may start with: YAML indicators, quotes, signs and dots (numbers spelled otherwise). */
const REFUSED_START = /^[-?:,&*!|>'"%@`+.]/;
const INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
const DECIMAL = /^(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;
/** A value that starts with a digit is read only when it is one of these (else the core schema may make it a number). */
const DIGIT_STRING = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?)?$/;
const NULL = /^(?:~|null|Null|NULL)$/;
const TRUE = /^(?:true|True|TRUE)$/;
const FALSE = /^(?:false|False|FALSE)$/;

/** A plain scalar as the core schema resolves it, or `refused` when this reader does not vouch for its reading. */
function scalar(text: string): unknown {
  // YAML trims spaces only (a tab or another space character is refused above).
  const value = text.replace(/ +$/, '');
  if (value === '' || REFUSED.test(value) || REFUSED_START.test(value)) return refused;
  if (NULL.test(value)) return null;
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  const first = value.charCodeAt(0);
  if (first >= 48 && first <= 57) {
    if (INTEGER.test(value) || DECIMAL.test(value)) return Number(value);
    return DIGIT_STRING.test(value) ? value : refused;
  }
  return value;
}

const refused = Symbol('refused');

/**
 * The plain object of a flat YAML mapping, or undefined when the text is not of the kind this reads.
 *
 * @example
 * readFlatYaml('title: Hello\ntags:\n  - a\n  - b\n') // → { title: 'Hello', tags: ['a', 'b'] }
 * readFlatYaml('title: "quoted"') // → undefined (the yaml package reads it)
 */
export function readFlatYaml(text: string): Record<string, unknown> | undefined {
  if (text.includes('\r')) return undefined;
  const out: Record<string, unknown> = {};
  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    if (line === '') continue;
    const match = LINE.exec(line);
    if (!match) return undefined;
    const key = match[1];
    // A key the core schema reads as null or a boolean, or one an object cannot hold as data, is the yaml package's.
    if (key === '__proto__' || NULL.test(key) || TRUE.test(key) || FALSE.test(key) || Object.hasOwn(out, key)) return undefined;
    if (match[2] !== undefined && match[2].trim() !== '') {
      const value = scalar(match[2]);
      if (value === refused) return undefined;
      out[key] = value;
      continue;
    }
    // `key:` alone: a list of plain items on the next lines, all at one indent, else null.
    const items: unknown[] = [];
    let indent: string | undefined;
    while (at + 1 < lines.length) {
      const item = ITEM.exec(lines[at + 1]);
      if (!item) break;
      if (indent !== undefined && item[1] !== indent) return undefined;
      indent = item[1];
      const value = scalar(item[2]);
      if (value === refused) return undefined;
      items.push(value);
      at++;
    }
    // An indented line that is no item (a nested mapping, a continued scalar) is not read here.
    if (at + 1 < lines.length && lines[at + 1].startsWith(' ')) return undefined;
    out[key] = items.length ? items : null;
  }
  return Object.keys(out).length ? out : undefined;
}
