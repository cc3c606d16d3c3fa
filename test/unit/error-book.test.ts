import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../core/errors.js';
import { ErrorBook } from '../../core/query/error-book.js';

const error = (message: string) => new ValidationError(message);

describe('ErrorBook: errors held back for Strapi\'s order', () => {
  it('throws an error at once outside a collect', () => {
    const book = new ErrorBook<string>();
    expect(() => book.keep('a', error('now'))).toThrow('now');
  });

  it('keeps the errors met inside a collect, in the order met, and gives back the work\'s result', () => {
    const book = new ErrorBook<string>();
    const { result, kept } = book.collect(() => {
      book.keep('first', error('first'));
      book.keep('second', error('second'));
      return 42;
    });
    expect(result).toBe(42);
    expect(kept).toEqual(['first', 'second']);
  });

  it('keeps a nested collect\'s errors apart from the outer one\'s', () => {
    const book = new ErrorBook<string>();
    const outer = book.collect(() => {
      book.keep('outer', error('outer'));
      const inner = book.collect(() => book.keep('inner', error('inner')));
      expect(inner.kept).toEqual(['inner']);
      book.keep('outer again', error('outer again'));
    });
    expect(outer.kept).toEqual(['outer', 'outer again']);
  });

  it('lets an error the work throws through, and throws at once again afterwards', () => {
    const book = new ErrorBook<string>();
    expect(() => book.collect(() => {
      book.keep('held', error('held'));
      throw error('thrown');
    })).toThrow('thrown');
    expect(() => book.keep('after', error('after'))).toThrow('after');
  });
});
