// Turns a file's bytes into source text, or says why it should not be indexed. Pure: bytes in,
// verdict out; used identically by the extraction workers and the in-process path.
import { BINARY_SNIFF_BYTES, MINIFIED_MEAN_LINE, MINIFIED_MIN_BYTES } from './policy.js';

export type ContentVerdict =
  | { kind: 'text'; text: string; lossy: boolean }
  | { kind: 'skip'; reason: 'binary' | 'minified' };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lossyUtf8 = new TextDecoder('utf-8');

export function decodeContent(bytes: Uint8Array): ContentVerdict {
  const decoded = decodeText(bytes);
  if (!decoded) return { kind: 'skip', reason: 'binary' };
  if (isMinified(decoded.text)) return { kind: 'skip', reason: 'minified' };
  return { kind: 'text', ...decoded };
}

/** Bytes to text (UTF-8, lossily when invalid; UTF-16 with a BOM); undefined for binary. */
export function decodeText(bytes: Uint8Array): { text: string; lossy: boolean } | undefined {
  // UTF-16 source (some Windows-edited C#/C++) is text even though it is full of NUL bytes.
  const utf16 = utf16Encoding(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), lossy: false };
  if (hasNul(bytes)) return undefined;
  try {
    return { text: strictUtf8.decode(bytes), lossy: false };
  } catch {
    // Latin-1 or otherwise mis-encoded text: index it with U+FFFD in place of the bad bytes.
    return { text: lossyUtf8.decode(bytes), lossy: true };
  }
}

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function hasNul(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

export function isMinified(text: string): boolean {
  if (text.length < MINIFIED_MIN_BYTES) return false;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.length / lines > MINIFIED_MEAN_LINE;
}
