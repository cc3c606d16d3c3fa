import { describe, expect, it } from 'vitest';
import { CAST, printValue, ruleErrors, yupPath } from '../../core/schema/scalar-rules.js';
import type { Attribute } from '../../core/schema/types.js';

describe('CAST: body value → stored value, as yup casts with strict: false', () => {
  it.each<[Attribute['type'], unknown, unknown]>([
    ['string', 'x', 'x'],
    ['integer', 12, 12],
    ['integer', '12', 12],
    ['integer', ' 1 2 ', 12],
    ['float', '1.5', 1.5],
    ['decimal', 2, 2],
    ['boolean', 'TRUE', true],
    ['boolean', '0', false],
    ['boolean', 1, true],
    ['enumeration', 5, '5'],
    ['biginteger', '9007199254740993', '9007199254740993'],
    ['biginteger', 12, '12'],
    ['date', '2024-01-02', '2024-01-02'],
    ['time', '10:30:15', '10:30:15.000'],
    ['time', '10:30:15.5', '10:30:15.500'],
    ['date', '2024-05-06T10:00:00.000Z', '2024-05-06'],
    ['datetime', 0, '1970-01-01T00:00:00.000Z'],
    ['datetime', '2024-05-06', '2024-05-06T00:00:00.000Z'],
    ['biginteger', ' +007 ', '7'],
    ['datetime', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05.000Z'],
    ['json', { any: ['thing'] }, { any: ['thing'] }],
    // yup's array cast in Strapi's blocks validator (recorded: invalid.create.blocks.string/.object answer 201, blocks null)
    ['blocks', { type: 'paragraph', children: [] }, null],
    ['blocks', 'text', null],
    ['blocks', '[{"type":"paragraph","children":[{"type":"text","text":"a"}]}]',
      [{ type: 'paragraph', children: [{ type: 'text', text: 'a' }] }]],
  ])('%s %j → %j', (type, input, expected) => {
    expect(CAST[type](input, 'x')).toEqual({ value: expected });
  });

  it.each<[Attribute['type'], unknown, string]>([
    ['string', 5, 'x must be a `string` type, but the final value was: `5`.'],
    // yup's printValue quotes strings inside objects twice (its replacer returns them quoted).
    ['text', ['a'], 'x must be a `string` type, but the final value was: `[\n  "\\"a\\""\n]`.'],

    ['boolean', 'yes', 'x must be a `boolean` type, but the final value was: `"yes"`.'],
    ['enumeration', {}, 'x must be a `string` type, but the final value was: `{}`.'],
    // Strapi's biginteger validator (recorded: conformance invalid.create.big.*)
    ['biginteger', 1.5, 'x must be a valid integer'],
    ['biginteger', 'abc', 'x must be a valid integer'],
  ])('%s %j → %s', (type, input, error) => {
    expect(CAST[type](input, 'x')).toEqual({ error });
  });

  // yup reports the number it cast to: NaN, which JSON prints as null (recorded: conformance invalid.create.count.string)
  it.each<[Attribute['type'], unknown, string]>([
    ['integer', 'abc', 'x must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).'],
    ['integer', '', 'x must be a `number` type, but the final value was: `NaN` (cast from the value `""`).'],
    ['float', true, 'x must be a `number` type, but the final value was: `NaN` (cast from the value `true`).'],
  ])('%s %j → %s, value null', (type, input, error) => {
    expect(CAST[type](input, 'x')).toEqual({ error, invalid: null });
  });

  // Strapi's database layer refuses these when it writes, after validation passed (recorded: conformance invalid.create.day/clock/at.*)
  it.each<[Attribute['type'], unknown, string]>([
    ['date', 'nope', 'Invalid format, expected yyyy-MM-dd'],
    ['date', '2024-13-45', 'Invalid format, expected yyyy-MM-dd'],
    ['date', '2024-02-30', 'Invalid date'],
    ['date', 123, 'Invalid format, expected yyyy-MM-dd'],
    ['time', '10:30', 'Invalid time format, expected HH:mm:ss.SSS'],
    ['time', '25:00:00', 'Invalid time format, expected HH:mm:ss.SSS'],
    ['time', 5, 'Expected a string, got a number'],
    ['datetime', 'garbage', 'Invalid format, expected a timestamp or an ISO date'],
  ])('%s %j → storage problem %s', (type, input, error) => {
    expect(CAST[type](input, 'x')).toEqual({ error, storage: true });
  });
});

describe('ruleErrors: every failing rule, in yup test order', () => {
  const attribute = (extra: Partial<Attribute>): Attribute => ({ type: 'string', ...extra });
  it.each<[string, Partial<Attribute>, unknown, boolean, string[]]>([
    ['maxLength', { maxLength: 3 }, 'abcd', false, ['x must be at most 3 characters']],
    ['minLength waits for publishing', { minLength: 5 }, 'abc', false, []],
    ['minLength when published', { minLength: 5 }, 'abc', true, ['x must be at least 5 characters']],
    ['regex', { regex: '^[a-z]+$' }, 'A', false, ['x must match the following: "/^[a-z]+$/"']],
    ['regex skips "" unless required', { regex: '^[a-z]+$' }, '', false, []],
    ['several at once', { maxLength: 2, regex: '^[a-z]+$' }, 'ABC', false,
      ['x must be at most 2 characters', 'x must match the following: "/^[a-z]+$/"']],
    ['email', { type: 'email' }, 'a@b', false, ['x must be a valid email']],
    ['empty email', { type: 'email' }, '', false, ['x cannot be empty']],
    ['uid characters', { type: 'uid' }, 'a b', false, ['x must match the following: "/^[A-Za-z0-9-_.~]*$/"']],
    ['enumeration lists null last', { type: 'enumeration', enum: ['a', 'b'] }, 'c', false,
      ['x must be one of the following values: a, b, ']],
    ['integer', { type: 'integer' }, 1.5, false, ['x must be an integer']],
    ['min and max', { type: 'integer', min: 2, max: 4 }, 5, false, ['x must be less than or equal to 4']],
    ['min', { type: 'float', min: 2 }, 1.5, false, ['x must be greater than or equal to 2']],
    ['a string min is ignored (lodash isNumber)', { type: 'integer', min: '2' as unknown as number }, 1, false, []],
  ])('%s', (_label, extra, value, enforce, errors) => {
    expect(ruleErrors(value, attribute(extra), 'x', enforce)).toEqual(errors);
  });
});

describe('yup paths and printed values', () => {
  it.each([
    [['title'], 'title'],
    [['seo', 'metaTitle'], 'seo.metaTitle'],
    [['seo', 'metaSocial', '0', 'title'], 'seo.metaSocial[0].title'],
    [['blocks', '2', '__component'], 'blocks[2].__component'],
  ])('%j → %s', (path, text) => {
    expect(yupPath(path)).toBe(text);
  });

  it.each([
    ['a', '"a"'], [1, '1'], [-0, '-0'], [null, 'null'], [true, 'true'], [{ a: 'b' }, '{\n  "a": "\\"b\\""\n}'],
  ])('%j prints as %s', (value, text) => {
    expect(printValue(value)).toBe(text);
  });
});
