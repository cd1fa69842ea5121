// Shared shapes of the call-graph accuracy oracle.

/** `file:line` of a call site, file relative to the project root. */
export type CallSiteKey = string;

export interface OracleTarget {
  file: string;
  /** Our qualified name of the definition, and its simple name (what `impact <name>` is given). */
  qualifiedName: string;
  name: string;
  isClass: boolean;
  /** 1-based line and 0-based column of the definition's name token. */
  nameLine: number;
  nameColumn: number;
}

/** A checker's call sites of a definition. */
export interface OracleAnswer {
  sites: CallSiteKey[];
  /**
   * Those of `sites` where every call is on a receiver that, by the checker's own resolution, reaches
   * another method than the definition (issue 11: `super.m()`, a constructed object and `this` in a
   * sibling class reach their class's method only; see ts-receivers.ts). Empty for a checker that
   * lists only calls resolved to the definition itself.
   */
  ruledOut: CallSiteKey[];
  /**
   * Calls the checker resolves to an abstract method the definition implements, for a checker whose
   * call hierarchy lists only calls resolved to the definition itself (pyright): such a call can
   * only run an implementation, so a dispatch mode other than `none` counts it for each of them, as
   * our `abstract` mode does and as the TypeScript service's family already lists.
   */
  dispatched?: CallSiteKey[];
}

export interface OracleListing {
  /** A method read through its class (`const make = ZodString.create`). */
  classReads: boolean;
  /** A call through a name an import gave another name (`from util import path_bytes as _path_bytes`). */
  aliasedCalls: boolean;
  /** A JavaScript call of a function named by itself through its `call`, `apply` or `bind` (`Signal.call(this, v)`, `done.bind(this)`). */
  functionMethodCalls: boolean;
  /** A function or class read as a member of a module, object or function (`[internal.make]`, `export const make = internal.make`, `postcss.parse`). */
  memberReads: boolean;
}

/** A type checker answering "which call sites call this definition". */
export interface CallerOracle {
  readonly name: string;
  /** Which of our kinds of call site the checker's incoming calls list at all. */
  readonly lists: OracleListing;
  start(): Promise<void>;
  /** Call sites of the definition; undefined when the checker offers no call hierarchy there. */
  incomingCalls(target: OracleTarget): Promise<OracleAnswer | undefined>;
  /**
   * Whether the checker resolves some use of `name` on the site's line to a declaration. Where it
   * resolves none (a receiver it types `any` or Unknown), it has no judgement on a call we report there.
   */
  resolvesNameAt(site: CallSiteKey, name: string): Promise<boolean>;
  /** Definitions left unanswered because the checker's hierarchy there is another declaration of the name. */
  readonly redirected?: number;
  stop(): Promise<void>;
}
