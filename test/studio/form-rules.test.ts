import { describe, expect, it } from 'vitest';
import { fieldRules } from '../../core/schema/field-rules.js';
import type { Attribute } from '../../core/schema/types.js';
// The studio's rule checks are plain data code (no DOM): tested here in Node, on rules made by the core's table.
// @ts-expect-error: a browser ES module without type declarations
import { registerComponents } from '../../studio/components.js';
// @ts-expect-error: a browser ES module without type declarations
import { checkRules, plainMessage } from '../../studio/form-rules.js';

/** Attributes as GET /admin/api/schemas hands them to the studio: with their rules from the core. */
const withRules = (attributes: Record<string, Attribute>) => Object.entries(attributes)
  .map(([name, attribute]) => ({ ...attribute, name, rules: fieldRules(attribute) }));

registerComponents({
  'shared.social': {
    uid: 'shared.social', attributes: withRules({ title: { type: 'string', maxLength: 60, required: true }, email: { type: 'email' } }),
  },
  'shared.seo': {
    uid: 'shared.seo', attributes: withRules({ metaSocial: { type: 'component', component: 'shared.social', repeatable: true, max: 1 } }),
  },
});
const article = withRules({
  title: { type: 'string', required: true },
  description: { type: 'text', maxLength: 80 },
  views: { type: 'integer', min: 0 },
  seo: { type: 'component', component: 'shared.seo' },
  blocks: { type: 'dynamiczone', components: ['shared.social'] },
});

describe('the studio\'s checks of the core\'s rules', () => {
  it('finds every broken rule at its path, at any depth, in an editor\'s words', () => {
    const data = {
      title: '', description: 'x'.repeat(81), views: -1.5,
      seo: { metaSocial: [{ title: 'y'.repeat(61), email: 'nope' }, { title: 'ok', email: null }] },
      blocks: [{ __component: 'shared.social', title: '', email: 'a@b.co' }],
    };
    expect(checkRules(article, data, true)).toEqual({
      title: 'Required',
      description: 'At most 80 characters',
      views: 'Must be a whole number',
      'seo.metaSocial': 'At most 1 entry',
      'seo.metaSocial.0.title': 'At most 60 characters',
      'seo.metaSocial.0.email': 'Must be a valid email',
      'blocks.0.title': 'Required',
    });
  });

  it('leaves required and item counts to publishing on a draft save (as the server does on draft-and-publish types)', () => {
    expect(checkRules(article, { title: '', seo: { metaSocial: [{ title: 'a' }, { title: 'b' }] } }, false)).toEqual({});
  });

  it.each([
    ['description', { description: 'x'.repeat(81) }, 'description must be at most 80 characters', 'At most 80 characters'],
    ['slug', {}, 'This attribute must be unique', 'Already used by another document: must be unique'],
    ['seo.metaSocial.0.title', { seo: { metaSocial: [{ title: null }] } },
      'seo.metaSocial[0].title must be a `string` type, but the final value was: `null`.', 'Required'],
    ['views', { views: 3 }, 'views must be greater than or equal to 5', 'Must be greater than or equal to 5'],
  ])('says the server\'s message for %s in an editor\'s words', (path, data, message, expected) => {
    expect(plainMessage(article, data, path, message)).toBe(expected);
  });
});
