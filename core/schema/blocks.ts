import { imageProblems } from './blocks-image.js';
import { notType } from './yup-messages.js';

/**
 * The `blocks` attribute (Strapi's rich-text editor), checked as Strapi 5's entity validator does
 * (`entity-validator/blocks-validator.ts`): one small rule per node type, Strapi's messages. Two
 * project rules on top: an own `__proto__` key is refused at any node, and nesting is bounded
 * (lists nest in lists without end; 2000 levels made Strapi answer 500 and the YAML writer overflow).
 */

/** Most node levels a blocks value may nest: a root block is level 1, its children level 2… */
export const MAX_BLOCKS_DEPTH = 32;

/** One problem in a blocks value: where (full path, segments), Strapi's message, the offending value. */
export interface BlocksProblem {
  path: string[];
  /** The message, given the path as text (yup's `body[0].level`, or a file's `body.0.level`). */
  describe: (pathText: string) => string;
  value?: unknown;
  /** The message starts with its path (yup's `body[0].level is a required field`); Strapi's node messages do not. */
  named?: true;
}

type Node = Record<string, unknown>;
type Kind = 'block' | 'inline' | 'listChild' | 'text';
/** A node's own fields, after its type is known: a problem, every problem (the image's), or none. */
type Rule = (node: Node, path: string[]) => BlocksProblem | BlocksProblem[] | undefined;

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const named = (path: string[], describe: (text: string) => string, value?: unknown): BlocksProblem => ({
  path, describe, value, named: true,
});
const unnamed = (path: string[], message: string, value?: unknown): BlocksProblem => ({ path, describe: () => message, value });
const required = (path: string[]) => named(path, (text) => `${text} is a required field`);
const oneOf = (path: string[], values: unknown[], value: unknown) => named(
  path, (text) => `${text} must be one of the following values: ${values.join(', ')}`, value,
);
const wrongJsType = (path: string[], type: string, value: unknown) => named(path, (text) => notType(text, type, value), value);
const prototypeKey = (path: string[]) => named(path, (text) => `${text} has a "__proto__" key, which blocks never allow`);

const LINK_PROTOCOLS = ['http:', 'https:', 'ftp:', 'mailto:', 'tel:'];
function isValidLink(link: string): boolean {
  try {
    return LINK_PROTOCOLS.includes(new URL(link.startsWith('/') ? `https://strapi.io${link}` : link).protocol);
  } catch {
    return false;
  }
}

const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
/** A field that must be a string when present (`yup.string()`; `nullable` allows null). */
function optionalString(node: Node, key: string, path: string[], nullable: boolean): BlocksProblem | undefined {
  const value = node[key];
  if (value === undefined || (nullable && value === null) || typeof value === 'string') return undefined;
  return wrongJsType([...path, key], 'string', value);
}

/** Node type → its fields' rule and what its children are (none for text); `min` is Strapi's "at least one" message. */
const NODE_TYPES: Record<Kind, Record<string, { rule?: Rule; children?: Kind; min?: string }>> = {
  block: {
    paragraph: { children: 'inline', min: 'Paragraph node children must have at least one Text or Link node' },
    heading: {
      rule: (node, path) => {
        if (node.level === undefined || node.level === null) return required([...path, 'level']);
        return [1, 2, 3, 4, 5, 6].includes(node.level as number) ? undefined : oneOf([...path, 'level'], [1, 2, 3, 4, 5, 6], node.level);
      },
      children: 'inline',
      min: 'Heading node children must have at least one Text or Link node',
    },
    quote: { children: 'inline', min: 'Quote node children must have at least one Text or Link node' },
    // Strapi's code block reuses the quote's message.
    code: {
      rule: (node, path) => optionalString(node, 'language', path, true), children: 'text',
      min: 'Quote node children must have at least one Text or Link node',
    },
    list: { rule: listFormat, children: 'listChild', min: 'List node children must have at least one ListItem or ListNode' },
    image: { rule: imageProblems, children: 'inline' },
  },
  inline: {
    text: { rule: textFields },
    link: {
      rule: (node, path) => (isValidLink(typeof node.url === 'string' ? node.url : '')
        ? undefined
        : unnamed([...path, 'url'], 'Please specify a valid link.', node.url)),
      children: 'text',
    },
  },
  listChild: {
    list: { rule: listFormat, children: 'listChild', min: 'List node children must have at least one ListItem or ListNode' },
    'list-item': { children: 'inline' },
  },
  text: { text: { rule: textFields } },
};

function listFormat(node: Node, path: string[]): BlocksProblem | undefined {
  if (node.format === undefined || node.format === null) return required([...path, 'format']);
  return node.format === 'ordered' || node.format === 'unordered'
    ? undefined
    : oneOf([...path, 'format'], ['ordered', 'unordered'], node.format);
}

function textFields(node: Node, path: string[]): BlocksProblem | undefined {
  if (typeof node.text !== 'string') return unnamed([...path, 'text'], 'Text must be defined with at least an empty string', node.text);
  for (const mark of MARKS) {
    const value = node[mark];
    if (value !== undefined && typeof value !== 'boolean') return wrongJsType([...path, mark], 'boolean', value);
  }
  return undefined;
}

/** What Strapi says of a node whose type does not belong where it is. */
function wrongType(kind: Kind, node: unknown, path: string[]): BlocksProblem {
  if (kind === 'text') return oneOf([...path, 'type'], ['text'], isNode(node) ? node.type : node);
  const message = {
    block: 'Block node is of invalid type', inline: 'Inline node must be Text or Link', listChild: 'Inline node must be list-item or list',
  }[kind];
  return unnamed(path, message, node);
}

/**
 * Every problem of a node, as Strapi's yup schema (abortEarly off) reports them: its own fields' (all of an image's),
 * then its children's, each child's in turn.
 */
function nodeProblems(kind: Kind, node: unknown, path: string[], depth: number): BlocksProblem[] {
  if (depth > MAX_BLOCKS_DEPTH) {
    return [named(path, (text) => `${text} is nested too deep: blocks nest at most ${MAX_BLOCKS_DEPTH} levels`)];
  }
  if (isNode(node) && Object.hasOwn(node, '__proto__')) return [prototypeKey(path)];
  const type = isNode(node) && typeof node.type === 'string' && Object.hasOwn(NODE_TYPES[kind], node.type)
    ? NODE_TYPES[kind][node.type]
    : undefined;
  if (!type) return [wrongType(kind, node, path)];
  const fields = node as Node;
  const own = type.rule?.(fields, path);
  const problems = own === undefined ? [] : Array.isArray(own) ? own : [own];
  if (!type.children) return problems;
  const childrenPath = [...path, 'children'];
  const children = fields.children;
  if (children === undefined || children === null) return [...problems, required(childrenPath)];
  if (!Array.isArray(children)) return [...problems, wrongJsType(childrenPath, 'array', children)];
  if (type.min && children.length === 0) return [...problems, unnamed(childrenPath, type.min, children)];
  for (let index = 0; index < children.length; index++) {
    problems.push(...nodeProblems(type.children, children[index], [...childrenPath, String(index)], depth + 1));
  }
  return problems;
}

/**
 * Every problem of a `blocks` value, in Strapi's order (nodes in turn), or none. `path` is the attribute's own path, as
 * segments or as one text segment (`['seo.body']`); problems carry full paths, and `describe` renders Strapi's message
 * for a path text (`body[0].children` for an API answer).
 *
 * @example
 * blocksProblems([{ type: 'marquee', children: [] }], ['body'])
 * // [{ path: ['body', '0'], describe: () => 'Block node is of invalid type', … }]
 */
export function blocksProblems(value: unknown, path: string[]): BlocksProblem[] {
  if (!Array.isArray(value)) return [named(path, (text) => `${text} must be an array of blocks, each with a "type"`, value)];
  return value.flatMap((node, index) => nodeProblems('block', node, [...path, String(index)], 1));
}

/** A rule's answer: nothing to report (an image's rule answers a list, empty when its fields are sound). */
const reportsNothing = (own: ReturnType<Rule>): boolean => own === undefined || (Array.isArray(own) && own.length === 0);
const NO_PATH: string[] = [];

/** Does `nodeProblems` find nothing in this node? The same rules, walked without a path or a list per node. */
function nodeIsSound(kind: Kind, node: unknown, depth: number): boolean {
  if (depth > MAX_BLOCKS_DEPTH || !isNode(node) || Object.hasOwn(node, '__proto__')) return false;
  const type = typeof node.type === 'string' && Object.hasOwn(NODE_TYPES[kind], node.type) ? NODE_TYPES[kind][node.type] : undefined;
  if (!type || (type.rule && !reportsNothing(type.rule(node, NO_PATH)))) return false;
  if (!type.children) return true;
  const children = node.children;
  if (!Array.isArray(children) || (type.min && children.length === 0)) return false;
  for (const child of children) if (!nodeIsSound(type.children, child, depth + 1)) return false;
  return true;
}

/**
 * Is a `blocks` value free of problems (`blocksProblems` would find none)? A content file's check at load asks this of
 * every blocks field: no path segment, no list per node; only a value that fails is walked again for its messages.
 */
export function blocksAreSound(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const node of value) if (!nodeIsSound('block', node, 1)) return false;
  return true;
}

/** The first problem of a `blocks` value, or undefined (a content file's check names one place). */
export const blocksProblem = (value: unknown, path: string[]): BlocksProblem | undefined => blocksProblems(value, path)[0];
