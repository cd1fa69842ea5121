// The one-line doc a definition is shown with (summary, signature, context): what it is for, in
// its author's words, also when the comment opens with block tags (JSDoc, Javadoc, Doxygen).
import { describe, expect, it } from 'vitest';
import { firstDocLine } from '../../dist/core/extract/text.js';

describe('first doc line', () => {
  it('is the first line with words, markers removed', () => {
    expect(firstDocLine('/**\n * Adds days.\n * @param date the date\n */')).toBe('Adds days.');
    expect(firstDocLine('// ////////\n// Parses the input.')).toBe('Parses the input.');
    expect(firstDocLine('"""Return the sum.\n\n:param a: first\n"""')).toBe('Return the sum.');
  });

  it('skips leading block tags for the summary or description they give (date-fns style JSDoc)', () => {
    const jsdoc = [
      '/**', ' * @name isWeekend', ' * @category Weekday Helpers', ' * @summary Does the given date fall on a weekend?', ' *',
      ' * @description', ' * Does the given date fall on a weekend? A weekend is either Saturday (`6`) or Sunday (`0`).', ' *',
      ' * @param date - The date to check', ' */',
    ].join('\n');
    expect(firstDocLine(jsdoc)).toBe('Does the given date fall on a weekend?');
    expect(firstDocLine('/**\n * @name addDays\n * @description\n * Add the specified number of days.\n */')).toBe('Add the specified number of days.');
    expect(firstDocLine('/**\n * @internal\n * @brief Frees the buffer.\n */')).toBe('Frees the buffer.');
    expect(firstDocLine('/// \\brief Frees the buffer.')).toBe('Frees the buffer.');
  });

  it('takes prose before the tags, and a tag line when the comment has nothing else', () => {
    expect(firstDocLine('/**\n * @internal\n * Resets the pool.\n * @returns nothing\n */')).toBe('Resets the pool.');
    expect(firstDocLine('/** @deprecated Use open() instead. */')).toBe('@deprecated Use open() instead.');
    expect(firstDocLine('/**\n * @param x the value\n * @returns the double\n */')).toBe('@param x the value');
  });

  it('does not take an example for prose', () => {
    expect(firstDocLine('/**\n * @name f\n * @example\n * // Does it?\n * f(1)\n */')).toBe('@name f');
  });
});
