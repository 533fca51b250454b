import { findUnsafeText } from '../../src/common/unsafe-text.js';

// Where findUnsafeText says the refused text is (src/common/unsafe-text.ts): a JSON Pointer into the body.

describe('findUnsafeText', () => {
  it('finds nothing in ordinary text, numbers, nulls and paired surrogates', () => {
    expect(findUnsafeText({ a: 'Crème brûlée 🍮', b: [1, null, true, { c: 'x' }], d: {} })).toBeNull();
  });

  it('names a value deep in arrays and objects', () => {
    expect(findUnsafeText({ items: [{ name: 'ok' }, { options: [{ name: 'ok' }, { name: 'bad\u0000' }] }] })).toBe(
      '/items/1/options/1/name',
    );
  });

  it('names a property whose key is unsafe, and a lone surrogate at the top', () => {
    expect(findUnsafeText({ ok: 1, ['k\uD800']: 'v' })).toBe('/k\uD800');
    expect(findUnsafeText('\uDC00')).toBe('/');
  });

  it('escapes ~ and / in keys as a JSON Pointer does, and reports the first of several', () => {
    expect(findUnsafeText({ 'a/b': { '~c': '\u0000' }, later: '\u0000' })).toBe('/a~1b/~0c');
  });
});
