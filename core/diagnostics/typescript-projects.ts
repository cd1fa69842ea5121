// TypeScript language services kept warm, one per tsconfig (and one "inferred" project for files
// no tsconfig governs, as tsserver does), running on the PROJECT's own `typescript` module (passed
// in, never imported from tldr). A file's version is its mtime and size, read once per check: after
// an edit only the edited file is re-read and re-bound, the rest of the program is reused, and its
// semantic diagnostics are the one file's check. Runs inside the TypeScript worker thread.
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type * as TS from 'typescript';
import type { Diagnostic, Severity } from './types.js';

/** Options for files outside any tsconfig: a current, strict setup, much like `tsc --init`'s. */
function inferredOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    jsx: ts.JsxEmit.Preserve,
    allowImportingTsExtensions: true,
  };
}

interface Snapshot {
  version: string;
  snapshot: TS.IScriptSnapshot;
}

class Project {
  readonly roots = new Set<string>();
  readonly service: TS.LanguageService;
  private readonly snapshots = new Map<string, Snapshot>();
  /** Versions read during the current check: each file is stat'ed once per check. */
  private versions = new Map<string, string>();

  constructor(
    private readonly ts: typeof TS,
    readonly options: TS.CompilerOptions,
    rootNames: Iterable<string>,
    currentDirectory: string,
    registry: TS.DocumentRegistry,
    /** The config file's own problems (unknown options, bad JSON), reported with every check. */
    readonly configErrors: readonly TS.Diagnostic[],
    /** mtime of the tsconfig when it was read: a later one re-reads it. */
    readonly configVersion: string,
    /** The tsconfig's path (`''` for the inferred project): where its errors are reported. */
    readonly configPath: string,
  ) {
    for (const name of rootNames) this.roots.add(name);
    const host: TS.LanguageServiceHost = {
      getCompilationSettings: () => this.options,
      getScriptFileNames: () => [...this.roots],
      getScriptVersion: (fileName) => this.version(fileName),
      getScriptSnapshot: (fileName) => this.snapshot(fileName),
      getCurrentDirectory: () => currentDirectory,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      realpath: ts.sys.realpath,
      useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    };
    this.service = ts.createLanguageService(host, registry);
  }

  beginCheck(): void {
    this.versions = new Map();
  }

  private version(fileName: string): string {
    let version = this.versions.get(fileName);
    if (version === undefined) {
      version = fileVersion(fileName);
      this.versions.set(fileName, version);
    }
    return version;
  }

  private snapshot(fileName: string): TS.IScriptSnapshot | undefined {
    const version = this.version(fileName);
    if (version === '') return undefined;
    const cached = this.snapshots.get(fileName);
    if (cached && cached.version === version) return cached.snapshot;
    const text = this.ts.sys.readFile(fileName);
    if (text === undefined) return undefined;
    const snapshot = this.ts.ScriptSnapshot.fromString(text);
    this.snapshots.set(fileName, { version, snapshot });
    return snapshot;
  }
}

function fileVersion(fileName: string): string {
  try {
    const stats = statSync(fileName);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return '';
  }
}

const SEVERITY: Record<number, Severity> = { 0: 'warning', 1: 'error', 2: 'hint', 3: 'info' };

export class TypeScriptProjects {
  private readonly registry: TS.DocumentRegistry;
  /** By tsconfig path; `''` is the inferred project. */
  private readonly projects = new Map<string, Project>();

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
  ) {
    this.registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, root);
  }

  /** Syntactic and semantic diagnostics of each file (absolute paths), in the file's own project. */
  check(files: string[]): Diagnostic[] {
    const out: Diagnostic[] = [];
    const configsReported = new Set<Project>();
    for (const file of files) {
      const project = this.projectFor(file);
      project.beginCheck();
      if (!project.roots.has(file)) project.roots.add(file);
      if (!configsReported.has(project)) {
        configsReported.add(project);
        for (const d of project.configErrors) pushConverted(this.ts, out, d, project.configPath);
      }
      for (const d of project.service.getSyntacticDiagnostics(file)) pushConverted(this.ts, out, d);
      for (const d of project.service.getSemanticDiagnostics(file)) pushConverted(this.ts, out, d);
    }
    return out;
  }

  private projectFor(file: string): Project {
    const ts = this.ts;
    const config = ts.findConfigFile(dirname(file), ts.sys.fileExists, 'tsconfig.json') ?? '';
    const configVersion = config === '' ? '' : fileVersion(config);
    const existing = this.projects.get(config);
    if (existing && existing.configVersion === configVersion) return existing;
    existing?.service.dispose();
    const project = config === '' ? this.inferred() : this.configured(config, configVersion);
    this.projects.set(config, project);
    return project;
  }

  private inferred(): Project {
    return new Project(this.ts, inferredOptions(this.ts), [], this.root, this.registry, [], '', '');
  }

  private configured(config: string, configVersion: string): Project {
    const ts = this.ts;
    const errors: TS.Diagnostic[] = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(config, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => errors.push(d),
    });
    if (!parsed) return new Project(ts, inferredOptions(ts), [], dirname(config), this.registry, errors, configVersion, config);
    // "No inputs were found" only means the file being checked is outside `include`: it is added.
    errors.push(...parsed.errors.filter((d) => d.code !== 18003));
    const roots = parsed.fileNames.map((name) => resolve(name));
    return new Project(ts, { ...parsed.options, noEmit: true }, roots, dirname(config), this.registry, errors, configVersion, config);
  }
}

/** `fallbackFile` carries a diagnostic that has no position (a config file's own errors). */
function pushConverted(ts: typeof TS, out: Diagnostic[], d: TS.Diagnostic, fallbackFile = ''): void {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const severity = SEVERITY[d.category] ?? 'error';
  if (!d.file || d.start === undefined) {
    const file = d.file?.fileName ?? fallbackFile;
    if (file) out.push({ file, line: 1, column: 1, end_line: 1, severity, code: `TS${d.code}`, message, source: 'typescript' });
    return;
  }
  const start = d.file.getLineAndCharacterOfPosition(d.start);
  const end = d.file.getLineAndCharacterOfPosition(d.start + (d.length ?? 0));
  out.push({
    file: d.file.fileName,
    line: start.line + 1,
    column: start.character + 1,
    end_line: end.line + 1,
    severity,
    code: `TS${d.code}`,
    message,
    source: 'typescript',
  });
}
