// The daemon's request/reply vocabulary (types only; the framing and the version live in wire.ts).
// Every request carries the client's version (DAEMON_VERSION); a daemon of another version answers
// with a `version` error and shuts down so a current one can replace it.
import type { HooksStatus } from '../hooks/daemon-hooks.js';

interface RequestBase {
  id: number;
  /** DAEMON_VERSION of the client (wire.ts). */
  v: string;
}

/** Liveness and identity; answers `{pid, version, root}`. */
export interface PingRequest extends RequestBase { op: 'ping' }
export interface StatusRequest extends RequestBase { op: 'status' }
/** Runs one QUERIES handler; answers the handler's result object. */
export interface QueryRequest extends RequestBase { op: 'query'; name: string; args: unknown; cwd: string }
/**
 * Runs a CLI command line the way the CLI would and answers what it would print — the hook and
 * CLI fast path. Answers `{handled: false}` for commands the daemon does not serve.
 */
export interface RunRequest extends RequestBase {
  op: 'run';
  argv: string[];
  cwd: string;
  /** The client's standard input, for commands that read it (hooks). */
  stdin?: string;
}
/** Marks files (absolute or relative to cwd) as possibly changed. */
export interface NotifyRequest extends RequestBase { op: 'notify'; paths: string[]; cwd: string }
/** Walks the project and re-indexes what changed, like `tldr warm`; answers the WarmResult. */
export interface WarmRequest extends RequestBase { op: 'warm' }
export interface ShutdownRequest extends RequestBase { op: 'shutdown' }

export type Request = PingRequest | StatusRequest | QueryRequest | RunRequest | NotifyRequest | WarmRequest | ShutdownRequest;
export type Op = Request['op'];

export interface PingResult { pid: number; version: string; root: string }

export type RunResult =
  | { handled: true; stdout: string; stderr: string; exitCode: number }
  | { handled: false };

export interface NotifyResult { marked: string[]; refused: string[] }

export interface StatusResult {
  pid: number;
  version: string;
  root: string;
  socket: string;
  started_at: string;
  uptime_ms: number;
  idle_timeout_ms: number;
  ready: boolean;
  files: number;
  symbols: number;
  rss_bytes: number;
  heap_used_bytes: number;
  /** Memory outside the JS heap: buffers and WebAssembly (tree-sitter) memory of the main thread. */
  external_bytes: number;
  pending_reparses: number;
  /** The call graph: built in the background once the index is loaded. */
  call_graph: 'none' | 'building' | 'ready';
  /** How long the last call-graph build took, from its start to ready. */
  call_graph_build_ms?: number;
  watched_directories: number;
  requests: number;
  active_requests: number;
  /** Claude Code hooks served by this daemon: the http listener and the latest calls. */
  hooks?: HooksStatus;
  last_error?: { at: string; message: string };
}

export interface WireError {
  message: string;
  hint?: string;
  exitCode: 1 | 2;
  /** Machine-readable cause: `version` (handshake mismatch), `bad_request`, `too_large`, `internal`. */
  code?: 'version' | 'bad_request' | 'too_large' | 'internal' | 'failed';
}

export type Reply =
  | { id: number | null; ok: true; result: unknown }
  | { id: number | null; ok: false; error: WireError };
