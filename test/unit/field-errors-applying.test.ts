import { errorsStillApplying, valueAt } from '../../src/ui/components/field-errors-applying.js';

it('reads a JSON pointer into an input, escapes included', () => {
  const input = { name: 'Bistro', taxRates: [{ rate: 9 }, { rate: 21 }], 'a/b': { '~c': 1 } };
  expect(valueAt(input, '/name')).toBe('Bistro');
  expect(valueAt(input, '/taxRates/1/rate')).toBe(21);
  expect(valueAt(input, '/a~1b/~0c')).toBe(1);
  expect(valueAt(input, '/taxRates/5/rate')).toBeUndefined();
  expect(valueAt(input, '/name/length/x')).toBeUndefined();
  expect(valueAt(input, '')).toBe(input);
});

it('keeps an error while its field holds what was sent, and drops it once the field is changed', () => {
  const errors = {
    '/name': 'is required',
    '/taxRates/0/rate': 'must be 0 to 1000000',
    '/taxRates': 'one default at most',
    '/elsewhere': 'unknown field',
  };
  const sent = { name: '', taxRates: [{ rate: -1 }, { rate: 5 }] };
  expect(errorsStillApplying(errors, sent, sent)).toEqual(errors);
  expect(errorsStillApplying(errors, sent, { ...sent, name: 'Bistro' })).toEqual({
    '/taxRates/0/rate': 'must be 0 to 1000000',
    '/taxRates': 'one default at most',
    '/elsewhere': 'unknown field',
  });
  // Changing one rate changes the array the whole-list error was about; the other rate's own error stands.
  expect(errorsStillApplying(errors, sent, { ...sent, taxRates: [{ rate: -1 }, { rate: 6 }] })).toEqual({
    '/name': 'is required',
    '/taxRates/0/rate': 'must be 0 to 1000000',
    '/elsewhere': 'unknown field',
  });
  // Typed back to what was sent: the error is true again.
  expect(errorsStillApplying(errors, sent, { ...sent, name: '' })).toEqual(errors);
});
