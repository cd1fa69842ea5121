// A tokenizer-free token estimate: one token per lower-case word piece (a camelCase part), per
// upper-case run, per number and per punctuation character. On code and on summaries it lands
// within ~10 % of cl100k (gpt-tokenizer), which is all a summary budget needs, at a fraction of
// the cost and without loading BPE tables into the daemon.
const PIECES = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[^\sA-Za-z\d]/g;

export function estimateTokens(text: string): number {
  let count = 0;
  PIECES.lastIndex = 0;
  while (PIECES.exec(text) !== null) count++;
  return count;
}
