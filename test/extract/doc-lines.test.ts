// The one-line doc a definition is shown with (summary, signature, context): what it is for, in
// its author's words, also when the comment opens with block tags (JSDoc, Javadoc, Doxygen).
import { describe, expect, it } from 'vitest';
import { firstDocLine } from '../../dist/core/extract/text.js';
import { extractSource } from './helpers.js';

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

describe('first doc sentence across wrapped lines', () => {
  it('goes on to the end of a sentence the line breaks (Go, Java, JSDoc)', () => {
    expect(firstDocLine('// ListenAndServe listens on the TCP network address srv.Addr and then\n// calls Serve to handle requests on incoming connections.\n// Accepted connections are configured.'))
      .toBe('ListenAndServe listens on the TCP network address srv.Addr and then calls Serve to handle requests on incoming connections.');
    expect(firstDocLine('/**\n * Returns the value to which the specified key is mapped,\n * or null if this map contains no mapping. More text\n * follows.\n */'))
      .toBe('Returns the value to which the specified key is mapped, or null if this map contains no mapping.');
  });

  it('stops at a blank line, a tag, a list or code, and at the length cap', () => {
    expect(firstDocLine('// Reads the config\n//\n// Then more.')).toBe('Reads the config');
    expect(firstDocLine('/**\n * Reads the config\n * @param path where\n */')).toBe('Reads the config');
    expect(firstDocLine('"""Split the text\n\n- one\n"""')).toBe('Split the text');
    expect(firstDocLine(`// ${'word '.repeat(30)}\n// ${'more '.repeat(30)}`)!.length).toBeLessThanOrEqual(160);
  });
});

describe("a file's doc", () => {
  it('is not a licence written as several line comments (Go)', async () => {
    const source = [
      '// Copyright 2009 The Go Authors. All rights reserved.',
      '// Use of this source code is governed by a BSD-style',
      '// license that can be found in the LICENSE file.',
      '',
      '// Package io provides basic interfaces to I/O primitives.',
      'package io',
    ].join('\n');
    expect((await extractSource('io/io.go', source)).doc).toBe('Package io provides basic interfaces to I/O primitives.');
  });
});
