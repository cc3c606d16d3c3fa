import { componentAttributes } from './components.js';

// The schema's rules, checked before a request. The rules (which apply, their bounds and their
// words) come from the core's rule table with each attribute (`rules` in GET ./api/schemas, from
// core/schema/field-rules.ts); this module only applies them to the body the form would send.

const empty = (value) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** How each rule the core names fails, one line each. */
const FAILS = {
  required: (value) => empty(value),
  minLength: (value, rule) => typeof value === 'string' && value.length < rule.limit,
  maxLength: (value, rule) => typeof value === 'string' && value.length > rule.limit,
  min: (value, rule) => typeof value === 'number' && value < rule.limit,
  max: (value, rule) => typeof value === 'number' && value > rule.limit,
  integer: (value) => typeof value === 'number' && !Number.isInteger(value),
  pattern: (value, rule) => typeof value === 'string' && !new RegExp(rule.pattern).test(value),
  minItems: (value, rule) => Array.isArray(value) && value.length < rule.limit,
  maxItems: (value, rule) => Array.isArray(value) && value.length > rule.limit,
};

/** The first rule of an attribute this value breaks, in the editor's words. `publishing`: the constraints apply too. */
export function brokenRule(attribute, value, publishing) {
  for (const rule of attribute.rules ?? []) {
    if (rule.constraint && !publishing) continue;
    if (rule.skipEmpty && empty(value)) continue;
    if (rule.rule !== 'required' && empty(value) && rule.rule !== 'minItems') continue;
    if (FAILS[rule.rule]?.(value, rule)) return rule.message;
  }
  return undefined;
}

/**
 * Every field of an API body (a document or a component, at any depth) that breaks a rule: field
 * path (`seo.metaSocial.0.title`, as the API names it) → message.
 */
export function checkRules(attributes, data, publishing, path = [], problems = {}) {
  for (const attribute of attributes) {
    if (!Object.hasOwn(data ?? {}, attribute.name)) continue;
    const value = data[attribute.name];
    const at = [...path, attribute.name];
    const message = brokenRule(attribute, value, publishing);
    if (message) problems[at.join('.')] = message;
    if (attribute.type === 'component' && value) {
      const items = attribute.repeatable ? value : [value];
      items.forEach((item, index) => checkRules(
        componentAttributes(attribute.component), item, publishing, attribute.repeatable ? [...at, index] : at, problems,
      ));
    }
    if (attribute.type === 'dynamiczone') {
      (value ?? []).forEach((item, index) => checkRules(componentAttributes(item.__component), item, publishing, [...at, index], problems));
    }
  }
  return problems;
}

/** The attribute a field path names (`seo.metaSocial.0.title`), through components and zones. */
function attributeAt(attributes, data, keys) {
  const [name, ...rest] = keys;
  const attribute = attributes.find((candidate) => candidate.name === name);
  if (!attribute || rest.length === 0) return { attribute, value: data?.[name] };
  const value = data?.[name];
  if (attribute.type === 'component') {
    const item = attribute.repeatable ? value?.[rest[0]] : value;
    return attributeAt(componentAttributes(attribute.component), item, attribute.repeatable ? rest.slice(1) : rest);
  }
  if (attribute.type === 'dynamiczone') {
    const item = value?.[rest[0]];
    return attributeAt(componentAttributes(item?.__component), item, rest.slice(1));
  }
  return { attribute: undefined, value: undefined };
}

/**
 * The server's message for a field in an editor's words: the broken rule's own message when the
 * table names it, else the server's text without the field path it starts with (`title must be …`
 * → `Must be …`). Only the text can tell a unique or required failure: the API's error details are
 * Strapi's (`{ path, message, name: 'ValidationError', value }`, the same name for every rule), and
 * adding a rule name would change the envelope Strapi clients receive.
 */
export function plainMessage(attributes, data, path, message) {
  const { attribute, value } = attributeAt(attributes, data, path.split('.'));
  const known = attribute && brokenRule(attribute, value, true);
  if (known) return known;
  if (/must be unique/i.test(message)) return 'Already used by another document: must be unique';
  if (/must be defined|cannot be null|is a required field|final value was: `null`/.test(message)) return 'Required';
  const text = message.replace(/^\S+ (?=(must|is|cannot|field)\b)/, '').replace(/^field /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
