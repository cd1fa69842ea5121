// Keeping answers short: Claude Code cuts hook output at 10,000 characters, and every character
// is paid for in the model's context. Typical answers stay within ~2,000.
import { MAX_ANSWER_CHARS } from '../contract.js';
import { groupDigits } from '../../text/group-digits.js';

/** The usual ceiling for one hook's context. */
export const TYPICAL_ANSWER_CHARS = 2_000;

/**
 * `lines` joined, cut at a line boundary so the text fits `max` characters; a cut says how many
 * lines were left out. The first line (a heading) is always kept.
 */
export function fitLines(lines: string[], max = TYPICAL_ANSWER_CHARS): string {
  const limit = Math.min(max, MAX_ANSWER_CHARS);
  const out: string[] = [];
  let length = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].length > limit ? `${lines[i].slice(0, limit - 40)}…` : lines[i];
    const note = `… (${lines.length - i} more lines)`;
    // Leave room for the note unless this is the last line.
    const room = i === lines.length - 1 ? limit : limit - note.length - 1;
    if (out.length > 0 && length + line.length + 1 > room) {
      out.push(note);
      break;
    }
    out.push(line);
    length += line.length + 1;
  }
  return out.join('\n');
}

/** `text` cut to one line of at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** `1 file`, `3 files`. */
export function plural(count: number, noun: string): string {
  return `${groupDigits(count)} ${noun}${count === 1 ? '' : 's'}`;
}
