// Parses a callee or receiver as written (`this.repo.save`, `super().m`, `new Foo().bar`,
// `(x as Foo).m`, `w.(Flusher).Flush`, `Foo::new`, `a.b(x)[0].c`) into access segments. Anything
// else (literals, arithmetic, lambdas) is not a chain: the caller treats it as an unknown value.

export interface Segment {
  name: string;
  /** Separator before this segment: `.` (also `?.`, `->`, `!.`) or `::` (paths). */
  sep: '' | '.' | '::';
  /** Number of call suffixes `(...)` after the name. */
  calls: number;
  /** An index suffix `[...]` follows: the value is an element, not the object. */
  indexed: boolean;
  /** The index when it is a name (`obj[$mobx]`): a member declared under that computed key, if any. */
  key?: string;
  /** `new Name(...)`. */
  isNew?: boolean;
  /** A cast `(expr as T)` / `<T>expr`: the segment's value is an instance of `cast`. */
  cast?: string;
  /** Awaited where it is written (`(await f()).m`): the value is what the promise resolves to. */
  awaited?: true;
  /** A parenthesised binary operation `(a + b)`: its value is what the operator method gives (Python). */
  operation?: BinaryOperation;
  /** Parenthesised alternatives `(a || b)`, `(a ?? b)`, Python's `(a or b)`: the value is one of them, each a chain. */
  either?: string[];
}

export interface BinaryOperation {
  operator: string;
  left: string;
  right: string;
}

/** Python's binary operators, loosest first; the operators on one row bind alike. */
const OPERATOR_LEVELS: readonly (readonly string[])[] = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '//', '%', '@'], ['**']];
const OPERATOR_LEVEL = new Map(OPERATOR_LEVELS.flatMap((row, level) => row.map((op) => [op, level] as const)));
/** What makes an expression more than arithmetic: comparisons, boolean operators, lambdas, conditionals, tuples. */
const NOT_ARITHMETIC = /(?:[<>=!]=|[<>]|:=|,|\b(?:and|or|not|in|is|if|else|lambda|for)\b)/y;

/** A named type a Go type assertion asserts (`v.(*pkg.T)`). */
const GO_ASSERTED_TYPE = /^\*?[A-Za-z_][\w.]*$/;

const CAST_TYPE = String.raw`[A-Za-z_$][\w$.]*(?:<[^()]*>)?(?:\[\])*`;
const CAST = new RegExp(String.raw`^([\s\S]+)\s+as\s+(${CAST_TYPE}(?:\s*\|\s*${CAST_TYPE})*)$`);

/**
 * The loosest binary operator outside brackets and strings of `text`, splitting it in two
 * (`a | b | c` → `a | b` and `c`); undefined for anything but binary arithmetic.
 */
export function splitBinary(input: string): BinaryOperation | undefined {
  const text = input.trim();
  let best: { at: number; op: string; level: number } | undefined;
  let operand = false;
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === ' ') {
      i++;
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') {
      const end = closeOf(text, i);
      if (end < 0) return undefined;
      i = end;
      operand = true;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = stringEnd(text, i) + 1;
      operand = true;
      continue;
    }
    NOT_ARITHMETIC.lastIndex = i;
    if (NOT_ARITHMETIC.test(text)) return undefined;
    const op = ['**', '//', '<<', '>>'].find((two) => text.startsWith(two, i)) ?? (OPERATOR_LEVEL.has(ch) ? ch : undefined);
    if (op && operand) {
      const level = OPERATOR_LEVEL.get(op)!;
      // Left-associative: the last loosest operator splits; `**` groups from the right.
      if (!best || level < best.level || (level === best.level && op !== '**')) best = { at: i, op, level };
      i += op.length;
      operand = false;
      continue;
    }
    if (op === '+' || op === '-' || ch === '~') {
      // A unary sign.
      i += 1;
      continue;
    }
    // Another operator where an operand belongs (`a || b`, `a && b`): not Python arithmetic.
    if (op) return undefined;
    let j = i;
    while (j < text.length && /[\w.$]/.test(text[j])) j++;
    if (j === i) return undefined;
    i = j;
    operand = true;
  }
  if (!best) return undefined;
  const left = text.slice(0, best.at).trim();
  const right = text.slice(best.at + best.op.length).trim();
  return left && right ? { operator: best.op, left, right } : undefined;
}

/** `#` starts a JavaScript private name (`this.#cache`). */
const IDENT_START = /[A-Za-z_$@#\u00C0-\uFFFF]/;
const IDENT_CHAR = /[\w$\u00C0-\uFFFF]/;

/** What `a || b`, `a ?? b` or Python's `a or b` may be (split outside brackets and strings); undefined unless every alternative is a chain. */
function alternativesOf(text: string): string[] | undefined {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') {
      const end = closeOf(text, i);
      if (end < 0) return undefined;
      i = end;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      i = stringEnd(text, i) + 1;
    } else if ((text.startsWith('||', i) || text.startsWith('??', i)) && text[i + 2] !== '=') {
      parts.push(text.slice(from, i));
      i += 2;
      from = i;
    } else if (text.startsWith(' or ', i)) {
      parts.push(text.slice(from, i));
      i += 4;
      from = i;
    } else {
      i++;
    }
  }
  if (parts.length === 0) return undefined;
  parts.push(text.slice(from));
  const alternatives = parts.map((part) => part.trim());
  return alternatives.every((part) => parseChain(part) !== undefined) ? alternatives : undefined;
}

/** Index of the quote closing the string literal whose opening quote is at `open` (the text's length if none). */
function stringEnd(text: string, open: number): number {
  let i = open + 1;
  for (; i < text.length && text[i] !== text[open]; i++) if (text[i] === '\\') i++;
  return i;
}

/** Index just past the bracket that closes the one at `open` (strings skipped), or -1. */
export function closeOf(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      i = stringEnd(text, i);
      continue;
    }
    if (pairs[ch] && (ch !== '<' || stack.length === 0 || stack[stack.length - 1] === '>')) {
      stack.push(pairs[ch]);
    } else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

export function parseChain(input: string): Segment[] | undefined {
  const text = input.trim();
  const segments: Segment[] = [];
  let i = 0;
  let sep: Segment['sep'] = '';
  let isNew = false;
  if (text.startsWith('new ')) {
    isNew = true;
    i = 4;
    while (text[i] === ' ') i++;
  }
  while (i < text.length) {
    let segment: Segment;
    if (text[i] === '(' && segments.length === 0) {
      const end = closeOf(text, i);
      if (end < 0) return undefined;
      const inner = text.slice(i + 1, end - 1).trim();
      // The last `as` is the type the value ends up with (`x as unknown as Foo`), array types and
      // unions of such types too (`child as MarkViewDesc | TextViewDesc`).
      const cast = CAST.exec(inner);
      const either = cast ? undefined : alternativesOf(inner);
      const operation = cast || either ? undefined : splitBinary(inner);
      if (cast) {
        segment = { name: '', sep, calls: 0, indexed: false, cast: cast[2] };
      } else if (either) {
        segment = { name: '', sep, calls: 0, indexed: false, either };
      } else if (operation) {
        segment = { name: '', sep, calls: 0, indexed: false, operation };
      } else {
        const awaited = /^await\s+/.exec(inner);
        const nested = parseChain(awaited ? inner.slice(awaited[0].length) : inner);
        if (!nested || nested.length === 0) return undefined;
        segments.push(...nested);
        i = end;
        segment = segments.pop()!;
        if (awaited) segment.awaited = true;
      }
      i = end;
    } else if (text[i] === '(' && sep === '.') {
      // Go's type assertion `v.(T)`: whatever v is, the value is a T.
      const end = closeOf(text, i);
      const type = end < 0 ? '' : text.slice(i + 1, end - 1).trim();
      if (!GO_ASSERTED_TYPE.test(type)) return undefined;
      segments.length = 0;
      segment = { name: '', sep: '', calls: 0, indexed: false, cast: type };
      i = end;
    } else if (text[i] === '<' && segments.length === 0) {
      const end = closeOf(text, i);
      const type = end < 0 ? '' : text.slice(i + 1, end - 1).trim();
      if (!/^[A-Za-z_$][\w$.]*$/.test(type)) return undefined;
      const rest = parseChain(text.slice(end));
      if (!rest || rest.length !== 1) return undefined;
      return [{ ...rest[0], cast: type }];
    } else {
      if (!IDENT_START.test(text[i] ?? '')) return undefined;
      let j = i + 1;
      while (j < text.length && IDENT_CHAR.test(text[j])) j++;
      segment = { name: text.slice(i, j), sep, calls: 0, indexed: false };
      i = j;
    }
    // Suffixes: type arguments, calls, indexing, non-null assertions.
    for (;;) {
      while (text[i] === ' ') i++;
      if (text[i] === '<') {
        const end = closeOf(text, i);
        if (end < 0 || text[end] !== '(') break;
        i = end;
      } else if (text[i] === '(') {
        const end = closeOf(text, i);
        if (end < 0) return undefined;
        segment.calls++;
        i = end;
      } else if (text[i] === '[') {
        const end = closeOf(text, i);
        if (end < 0) return undefined;
        segment.indexed = true;
        const key = text.slice(i + 1, end - 1).trim();
        if (/^[A-Za-z_$][\w$.]*$/.test(key)) segment.key = key;
        i = end;
      } else if (text[i] === '!' && text[i + 1] !== '=') {
        i++;
      } else {
        break;
      }
    }
    if (isNew) {
      // `new a.B(...)`: the `new` applies to the first call suffix in the chain.
      if (segment.calls > 0) {
        segment.isNew = true;
        segment.calls--;
        isNew = false;
      }
    }
    segments.push(segment);
    if (i >= text.length) break;
    if (text.startsWith('?.', i) || text.startsWith('->', i) || text.startsWith('!.', i)) {
      sep = '.';
      i += 2;
    } else if (text.startsWith('::', i)) {
      sep = '::';
      i += 2;
    } else if (text[i] === '.') {
      sep = '.';
      i += 1;
    } else {
      return undefined;
    }
    while (text[i] === ' ') i++;
  }
  if (isNew && segments.length > 0) segments[segments.length - 1].isNew = true;
  return segments.length ? segments : undefined;
}
