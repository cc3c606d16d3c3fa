// Blocks values with several problems report every one of them, in the order of Strapi 5.54's own yup schema
// (core/dist/services/entity-validator/blocks-validator.js, abortEarly off). The expected rows are what that
// validator answered when run on the same values; the API's answers are recorded in test/extensions/details.
import { describe, expect, it } from 'vitest';
import { blocksProblems } from '../../core/schema/blocks.js';
import { yupPath } from '../../core/schema/yup-messages.js';

const IMAGE = { name: 'a.png', url: '/u', hash: 'a', ext: '.png', mime: 'image/png', provider: 'local', createdAt: 'x', updatedAt: 'y',
  width: 1, height: 1, size: 1 };
const TEXT = [{ type: 'text', text: 'x' }];
const REQUIRED = ['name', 'url', 'width', 'height', 'hash', 'ext', 'mime', 'size', 'provider', 'createdAt', 'updatedAt']
  .map((name) => [`body[0].image.${name}`, `body[0].image.${name} is a required field`, undefined]);

const problemsOf = (value: unknown) => blocksProblems(value, ['body']).map((problem) => {
  const path = yupPath(problem.path);
  return [path, problem.describe(path), problem.value];
});

describe('a blocks image node with several problems reports all of them as Strapi does', () => {
  it.each([
    ['an image of null', { image: null, children: TEXT },
      [['body[0].image', 'body[0].image must be a `object` type, but the final value was: `null`.', null]]],
    ['an image that is a list', { image: [], children: TEXT },
      [['body[0].image', 'body[0].image must be a `object` type, but the final value was: `null` (cast from the value `[]`).', null]]],
    ['an image that is a number', { image: 5, children: TEXT },
      [['body[0].image', 'body[0].image must be a `object` type, but the final value was: `null` (cast from the value `5`).', null]]],
    ['an image given as JSON text', { image: JSON.stringify(IMAGE), children: TEXT }, []],
    ['fields yup cannot cast, and ones it can', { image: { ...IMAGE, name: {}, width: true, alternativeText: 3, formats: 'x' }, children: TEXT }, [
      ['body[0].image.name', 'body[0].image.name must be a `string` type, but the final value was: `{}`.', {}],
      ['body[0].image.width', 'body[0].image.width must be a `number` type, but the final value was: `NaN` (cast from the value `true`).', null],
    ]],
    ['a null url and a bad child', { image: { ...IMAGE, url: null }, children: [{ type: 'bogus' }] }, [
      ['body[0].image.url', 'body[0].image.url must be a `string` type, but the final value was: `null`.', null],
      ['body[0].children[0]', 'Inline node must be Text or Link', { type: 'bogus' }],
    ]],
    ['an empty image and no children', { image: {} }, [...REQUIRED, ['body[0].children', 'body[0].children is a required field', undefined]]],
    ['no image at all', { children: TEXT }, REQUIRED],
    ['a blank width and a padded size', { image: { ...IMAGE, size: ' 12 ', width: '' }, children: TEXT },
      [['body[0].image.width', 'body[0].image.width must be a `number` type, but the final value was: `NaN` (cast from the value `""`).', null]]],
  ])('%s', (_name, node, expected) => {
    expect(problemsOf([{ type: 'image', ...node }])).toEqual(expected);
  });

  it('reports a heading\'s level and its empty children together, as yup does', () => {
    expect(problemsOf([{ type: 'heading', level: 9, children: [] }])).toEqual([
      ['body[0].level', 'body[0].level must be one of the following values: 1, 2, 3, 4, 5, 6', 9],
      ['body[0].children', 'Heading node children must have at least one Text or Link node', []],
    ]);
  });
});
