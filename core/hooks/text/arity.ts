// How many arguments a definition accepts, from its recorded parameters, per language: defaults
// and optional parameters lower the minimum; rest/varargs/splats lift the maximum; Python's `/`
// and `*` markers, Ruby's `&block` and a C `(void)` are no parameters; a Go group `a, b int` is
// two. Undefined where a call with any count may be valid (JavaScript, Lua, Bash) or where the
// record loses what decides it (Kotlin and Swift drop defaults from parameters: their signature
// text is checked instead).
import type { FunctionRecord, LanguageId } from '../../types.js';

export interface Arity {
  min: number;
  /** Infinity with varargs. */
  max: number;
}

const ANY_COUNT: ReadonlySet<LanguageId> = new Set(['javascript', 'lua', 'bash']);

/** The receiver parameter a method declares in its list (Python `self`/`cls`, Rust `self`). */
function isReceiver(param: string, language: LanguageId): boolean {
  if (language === 'python') return /^(?:self|cls)\b/.test(param);
  if (language === 'rust') return /^&?\s*(?:'\w+\s+)?(?:mut\s+)?self\b/.test(param);
  return false;
}

/** Go's `a, b int` declares two parameters. */
function paramCount(param: string, language: LanguageId): number {
  return language === 'go' ? param.split(',').length : 1;
}

function isRest(param: string, language: LanguageId): boolean {
  switch (language) {
    case 'python':
    case 'ruby':
      return /^\*{1,2}\w/.test(param);
    case 'go':
      return /\s\.\.\./.test(param) || /^\.\.\./.test(param);
    case 'java':
      return /\.\.\.\s*\w+$/.test(param);
    case 'csharp':
      return /^params\b/.test(param);
    case 'scala':
      return /\*\s*$/.test(param);
    case 'swift':
      return /\.\.\.\s*$/.test(param);
    case 'c':
    case 'cpp':
      return param.trim() === '...';
    default:
      return /^\.\.\./.test(param.trim());
  }
}

function isOptional(param: string, language: LanguageId): boolean {
  if (/=/.test(param.replace(/=>/g, ''))) return true;
  if ((language === 'typescript' || language === 'tsx') && /^[\w$]+\?\s*:/.test(param.replace(/^(?:public|private|protected|readonly|override)\s+/g, ''))) return true;
  // Ruby's keyword with a default: `j: 2` (a bare `k:` is required).
  return language === 'ruby' && /^\w+:\s*\S/.test(param);
}

/**
 * The argument counts a call may pass. `member`: called as `x.m()` (a declared receiver parameter
 * is then bound by the call, not passed).
 */
export function arityOf(fn: FunctionRecord, language: LanguageId, member: boolean): Arity | undefined {
  if (ANY_COUNT.has(language)) return undefined;
  if ((language === 'kotlin' || language === 'swift') && /=|\bvararg\b/.test(fn.signature)) return undefined;
  let params = fn.params.map((p) => p.trim()).filter((p) => p !== '' && p !== '/' && p !== '*');
  if ((language === 'c' || language === 'cpp') && params.length === 1 && params[0] === 'void') params = [];
  if (language === 'ruby') params = params.filter((p) => !p.startsWith('&'));
  const staticMethod = (fn.decorators ?? []).some((d) => /staticmethod/.test(d));
  if (params.length > 0 && isReceiver(params[0], language) && !staticMethod) {
    // Python's `Class.method(obj, x)` passes the receiver itself; a member call binds it.
    if (member || language === 'python') params = params.slice(1);
  }
  let min = 0;
  let max = 0;
  for (const param of params) {
    if (isRest(param, language)) {
      max = Infinity;
      continue;
    }
    const count = paramCount(param, language);
    max += count;
    if (!isOptional(param, language)) min += count;
  }
  return { min, max };
}

export function accepts(arity: Arity, args: number): boolean {
  return args >= arity.min && args <= arity.max;
}
