// Which callers are tests, by each ecosystem's own conventions: test files by name and directory
// (`*_test.go`, `test_*.py`, `*.test.ts`, `*.spec.js`, `src/test/java/…`, `tests/*.rs`, `*Tests.cs`,
// `*_spec.rb`, …) and test functions by name or attribute (`TestX`/`BenchmarkX` in Go, `test_x` and
// `TestX.test_y` in Python, `@Test` in Java and Kotlin, `#[test]` in Rust, `[Fact]`/`[Test]` in C#,
// `testX` in PHP, Swift and Ruby test classes). JavaScript tests are callbacks handed to
// `it`/`test`, so their calls belong to the file's top level: the test's title is read from the
// nearest `it(`/`test(` line above the call.
import type { ClassRecord, FileRecord, FunctionRecord, LanguageId } from '../types.js';

const TEST_DIR = /(^|\/)(tests?|__tests__|spec|specs|testing|src\/test)\//;
const TEST_FILE: Partial<Record<LanguageId, RegExp>> = {
  go: /_test\.go$/,
  python: /(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/,
  typescript: /\.(test|spec)\.[cm]?ts$/,
  tsx: /\.(test|spec)\.tsx$/,
  javascript: /\.(test|spec)\.[cm]?jsx?$/,
  java: /(^|\/)(Test[^/]*|[^/]*(Test|Tests|IT|TestCase))\.java$/,
  kotlin: /(^|\/)[^/]*(Test|Tests)\.kts?$/,
  csharp: /(^|\/)[^/]*(Test|Tests)\.cs$/,
  ruby: /(_spec|_test)\.rb$|(^|\/)test_[^/]*\.rb$/,
  php: /Test\.php$/,
  swift: /Tests?\.swift$/,
  scala: /(Spec|Test|Suite)\.scala$/,
  rust: /(^|\/)tests\/[^/]*\.rs$/,
};

const TEST_ATTRIBUTE = /^(@(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Property)\b|#\[(\w+::)*(test|bench|rstest|quickcheck)\b|\[(Test|TestCase|TestMethod|Fact|Theory|DataTestMethod)\b)/;

export function isTestFile(path: string, language: LanguageId): boolean {
  return TEST_DIR.test(path) || (TEST_FILE[language]?.test(path) ?? false);
}

function ownerClass(record: FileRecord, fn: FunctionRecord): ClassRecord | undefined {
  return fn.class_name === undefined ? undefined : record.classes.find((c) => c.qualified_name === fn.class_name);
}

/** True for a function the language's test runner would run as a test. */
export function isTestFunction(record: FileRecord, fn: FunctionRecord): boolean {
  if ((fn.decorators ?? []).some((d) => TEST_ATTRIBUTE.test(d))) return true;
  const inTestFile = isTestFile(record.path, record.language);
  switch (record.language) {
    case 'go':
      return inTestFile && /^(Test|Benchmark|Fuzz|Example)([A-Z_0-9]|$)/.test(fn.name);
    case 'python': {
      const cls = ownerClass(record, fn);
      return fn.name.startsWith('test') && (cls === undefined ? inTestFile : /^Test/.test(cls.name) || cls.bases.some((b) => /TestCase$/.test(b)));
    }
    case 'php':
    case 'swift':
    case 'ruby':
    case 'kotlin':
    case 'java':
      return inTestFile && /^test/.test(fn.name);
    default:
      return false;
  }
}

const JS_TEST_CALL = /\b(?:it|test|specify)(?:\.\w+)*\s*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/;

/** The title of the JavaScript test around `line`: the nearest `it('…'`/`test('…'` at or above it. */
export function jsTestTitle(source: string, line: number): string | undefined {
  const lines = source.split('\n');
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const match = JS_TEST_CALL.exec(lines[i]);
    if (match) return match[2];
  }
  return undefined;
}
