// The functions a language's runtime provides under bare names (Python's builtins, Go's predeclared
// functions and conversions, the JavaScript global object's functions). A bare call of one of these
// names that nothing in scope defines is the runtime's: not a possible call of every project
// method that happens to share the name (`len(x)` of Go's `fileInfoDirs.len`, `open(path)` of a
// project's `Store.open`).
import type { LanguageId } from '../types.js';

const PYTHON = new Set([
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable',
  'chr', 'classmethod', 'compile', 'complex', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec',
  'exit', 'filter', 'float', 'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id',
  'input', 'int', 'isinstance', 'issubclass', 'iter', 'len', 'list', 'locals', 'map', 'max', 'memoryview', 'min',
  'next', 'object', 'oct', 'open', 'ord', 'pow', 'print', 'property', 'quit', 'range', 'repr', 'reversed', 'round',
  'set', 'setattr', 'slice', 'sorted', 'staticmethod', 'str', 'sum', 'tuple', 'type', 'vars', 'zip', '__import__',
]);

/** Go's predeclared types (`error` an interface with `Error()`): the runtime's, as types and as conversions. */
const GO_TYPES = new Set([
  'any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16',
  'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr',
]);

const GO = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic',
  'print', 'println', 'real', 'recover',
  // Conversions to predeclared types read as calls.
  ...GO_TYPES,
]);

const JAVASCRIPT = new Set([
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent',
  'escape', 'unescape', 'eval', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate',
  'clearImmediate', 'queueMicrotask', 'structuredClone', 'requestAnimationFrame', 'cancelAnimationFrame', 'fetch',
  'atob', 'btoa', 'alert', 'confirm', 'prompt', 'require',
]);

const BY_LANGUAGE: Partial<Record<LanguageId, ReadonlySet<string>>> = {
  python: PYTHON,
  go: GO,
  javascript: JAVASCRIPT,
  typescript: JAVASCRIPT,
  tsx: JAVASCRIPT,
};

/** Whether `name`, called bare with nothing in scope defining it, is the runtime's in `language`. */
export function isRuntimeFunction(language: LanguageId, name: string): boolean {
  return BY_LANGUAGE[language]?.has(name) ?? false;
}

/** Whether `name`, as a type that nothing in scope defines, is one of Go's predeclared types. */
export function isGoPredeclaredType(name: string): boolean {
  return GO_TYPES.has(name);
}
