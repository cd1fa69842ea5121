// The TypeScript language service as a reference call graph: `prepareCallHierarchy` at a
// definition's name, then `provideCallHierarchyIncomingCalls`, over every TypeScript file of a
// project (no tsconfig needed: the files are the program). Each site is also judged by its
// receiver (ts-receivers.ts). The service also lists a write to the member (`inst.unwrap = () =>
// …`, `Signal.prototype.peek = function`), which is no call: those are left out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type * as TS from 'typescript';
import type { CallSiteKey, CallerOracle, OracleAnswer, OracleTarget } from './types.js';
import { ReceiverRule, findToken } from './ts-receivers.js';

export class TypeScriptOracle implements CallerOracle {
  readonly name = 'typescript-language-service';
  readonly lists = { classReads: true, aliasedCalls: true, functionMethodCalls: false, moduleReads: true };
  private readonly ts: typeof TS;
  private readonly service: TS.LanguageService;

  constructor(private readonly root: string, files: string[]) {
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
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
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
          const site = `${rel}:${from.getLineAndCharacterOfPosition(span.start).line + 1}`;
          const reaches = !rule.rulesOut(from, span.start, declarations);
          sites.set(site, (sites.get(site) ?? false) || reaches);
        }
      }
    }
    return { sites: [...sites.keys()], ruledOut: [...sites].filter(([, reaches]) => !reaches).map(([site]) => site) };
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
