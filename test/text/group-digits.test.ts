// Counts printed for people read as Number#toLocaleString('en-US') writes them, without its ICU load.
import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../dist/core/text/group-digits.js';

describe('groupDigits', () => {
  it('groups an integer by three, as toLocaleString en-US does', () => {
    for (const value of [0, 7, 42, 999, 1_000, 9_999, 21_377, 100_000, 1_234_567, 2_070_000_000, -1_234, -999]) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('rounds what is not an integer', () => {
    expect(groupDigits(1234.6)).toBe('1,235');
  });
});
