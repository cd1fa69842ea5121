// The TypeScript language service as a reference call graph: `prepareCallHierarchy` at a
// definition's name, then `provideCallHierarchyIncomingCalls`, over every TypeScript file of a
// project (no tsconfig needed: the files are the program). Each site is also judged by its
// receiver (ts-receivers.ts). The service also lists a write to the member (`inst.unwrap = () =>
// …`, `Signal.prototype.peek = function`), which is no call: those are left out. Calls through an
// object literal's property (`module.exports = { X }`, a factory's `return { next }`), which the
// service resolves but its call hierarchy misses, are added from the checker's own resolution
// (ts-commonjs.ts). A declaration file beside a JavaScript source of
// the project (postcss's lib/node.d.ts by lib/node.js) is hidden from module resolution, so that
// `require('./node')` reaches the code that runs rather than its declared types.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type * as TS from 'typescript';
import type { CallSiteKey, CallerOracle, OracleAnswer, OracleTarget } from './types.js';
import { ReceiverRule, findToken } from './ts-receivers.js';
import { propertyCallSites } from './ts-property-calls.js';
import { nameColumns, siteParts } from './compare.js';

/** Kinds of definition go-to-definition gives that are functions (not a variable or property holding one). */
const FUNCTION_KINDS = new Set<string>(['function', 'local function', 'method', 'constructor']);

export class TypeScriptOracle implements CallerOracle {
  readonly name = 'typescript-language-service';
  readonly lists = { classReads: true, aliasedCalls: true, functionMethodCalls: false, memberReads: true };
  private readonly ts: typeof TS;
  private readonly service: TS.LanguageService;
  private readonly files: Set<string>;
  private propertyCalls?: Map<string, Set<CallSiteKey>>;

  constructor(private readonly root: string, files: string[]) {
    this.files = new Set(files);
    this.ts = createRequire(import.meta.url)('typescript') as typeof TS;
    const ts = this.ts;
    const absolute = files.map((file) => join(root, file));
    const host: TS.LanguageServiceHost = {
      getScriptFileNames: () => absolute,
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => {
        try {
          return ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8'));
        } catch {
          return undefined;
        }
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => ({
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowJs: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      }),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => !this.declaresSource(file) && ts.sys.fileExists(file),
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
  }

  /** Whether `file` is a declaration file of one of the program's JavaScript files. */
  private declaresSource(file: string): boolean {
    const match = /^(.*)\.d\.(m|c)?ts$/.exec(file);
    if (!match) return false;
    const source = relative(this.root, `${match[1]}.${match[2] ?? ''}js`).split('\\').join('/');
    return this.files.has(source);
  }

  async start(): Promise<void> {
    this.service.getProgram();
  }

  async incomingCalls(target: OracleTarget): Promise<OracleAnswer | undefined> {
    const file = join(this.root, target.file);
    const program = this.service.getProgram();
    const source = program?.getSourceFile(file);
    if (!program || !source) return undefined;
    const position = source.getPositionOfLineAndCharacter(target.nameLine - 1, target.nameColumn);
    const prepared = this.service.prepareCallHierarchy(file, position);
    const items = Array.isArray(prepared) ? prepared : prepared ? [prepared] : [];
    if (items.length === 0) return undefined;
    const rule = new ReceiverRule(this.ts, program.getTypeChecker());
    const declarations = items.flatMap((item) => rule.declarationsAt(program.getSourceFile(item.file), item.selectionSpan.start));
    // Per site, whether some call there is not ruled out by its receiver.
    const sites = new Map<CallSiteKey, boolean>();
    for (const item of items) {
      for (const call of this.service.provideCallHierarchyIncomingCalls(item.file, item.selectionSpan.start)) {
        const from = program.getSourceFile(call.from.file);
        if (!from) continue;
        const rel = relative(this.root, call.from.file).split('\\').join('/');
        for (const span of call.fromSpans) {
          // The service lists the member a function is assigned to (`inst.unwrap = () => …`): a write, no call.
          if (this.isAssignedTo(from, span.start)) continue;
          if (this.landsElsewhere(from, span, item)) continue;
          const site = `${rel}:${from.getLineAndCharacterOfPosition(span.start).line + 1}`;
          const reaches = !rule.rulesOut(from, span.start, declarations);
          sites.set(site, (sites.get(site) ?? false) || reaches);
        }
      }
    }
    this.propertyCalls ??= propertyCallSites(this.ts, program, this.root, (rel) => this.files.has(rel));
    for (const site of this.propertyCalls.get(`${file}:${position}`) ?? []) if (!sites.has(site)) sites.set(site, true);
    return { sites: [...sites.keys()], ruledOut: [...sites].filter(([, reaches]) => !reaches).map(([site]) => site) };
  }

  async resolvesNameAt(site: CallSiteKey, name: string): Promise<boolean> {
    const { file: rel, line } = siteParts(site);
    const file = join(this.root, rel);
    const source = this.service.getProgram()?.getSourceFile(file);
    if (!source) return true;
    const start = source.getPositionOfLineAndCharacter(line - 1, 0);
    const text = source.text.slice(start, source.getLineEndOfPosition(start));
    return nameColumns(text, name).some((column) => (this.service.getDefinitionAtPosition(file, start + column) ?? []).length > 0);
  }

  /**
   * Whether a call the service lists under a definition lands, by the checker's own resolution, in
   * another function. The service files a call through a module's default export under every
   * function the exported expression names: with `export default createIndexFinder(1, findIndex,
   * sortedIndex)`, `indexOf(…)` elsewhere is listed for sortedIndex, though go-to-definition lands in
   * the closure createIndexFinder returns. A call by another name than the definition's whose
   * definitions include a function and lie outside the definition is left out (one landing on a
   * property or variable that holds the definition stays).
   */
  private landsElsewhere(source: TS.SourceFile, span: TS.TextSpan, item: TS.CallHierarchyItem): boolean {
    if (source.text.slice(span.start, span.start + span.length) === item.name) return false;
    const definitions = this.service.getDefinitionAtPosition(source.fileName, span.start) ?? [];
    const within = (d: TS.DefinitionInfo) => d.fileName === item.file && d.textSpan.start >= item.span.start && d.textSpan.start < item.span.start + item.span.length;
    return !definitions.some(within) && definitions.some((d) => FUNCTION_KINDS.has(d.kind));
  }

  /** Whether the name at `position` is the member an assignment writes (`a.m = …`, `A.prototype.m = …`). */
  private isAssignedTo(source: TS.SourceFile, position: number): boolean {
    const ts = this.ts;
    const access = findToken(ts, source, position)?.parent;
    const assignment = access?.parent;
    return access !== undefined && ts.isPropertyAccessExpression(access) && assignment !== undefined && ts.isBinaryExpression(assignment)
      && assignment.left === access && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  }

  async stop(): Promise<void> {
    this.service.dispose();
  }
}
