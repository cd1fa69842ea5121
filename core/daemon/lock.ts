// The start lock: an O_EXCL file holding the pid of the daemon that owns a root. A daemon takes it
// before touching the socket and keeps it for its whole life, so concurrent starts yield exactly
// one daemon. A lock whose process is gone (kill -9, crash) is stale and broken under a second,
// short-lived O_EXCL "breaker" file, so two starters never both delete and both take it.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';

/** A lock younger than this with no pid written yet is being created, not stale. */
const FRESH_MS = 5000;

export type LockAttempt = { acquired: true; release(): void } | { acquired: false; holder: number | undefined };

export function tryAcquireLock(lockPath: string, pid = process.pid): LockAttempt {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(lockPath, `${pid}\n`)) {
      return { acquired: true, release: () => releaseLock(lockPath, pid) };
    }
    const holder = readHolder(lockPath);
    if (holder === 'gone') continue;
    if (!isStale(lockPath, holder)) return { acquired: false, holder };
    breakStaleLock(lockPath, holder);
  }
  return { acquired: false, holder: undefined };
}

/** The pid written in the lock, if the lock exists and a pid is written. */
export function lockHolder(lockPath: string): number | undefined {
  const holder = readHolder(lockPath);
  return typeof holder === 'number' ? holder : undefined;
}

/** Whether `pid` is a live process that could be a tldr daemon (guards against pid reuse). */
export function isDaemonProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('daemon');
  } catch {
    return true; // no /proc (macOS): a live pid is all we can check
  }
}

function releaseLock(lockPath: string, pid: number): void {
  if (readHolder(lockPath) === pid) removeQuietly(lockPath);
}

function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock; `undefined` when no pid is written yet; `'gone'` when there is no lock. */
function readHolder(lockPath: string): number | undefined | 'gone' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isStale(lockPath: string, holder: number | undefined): boolean {
  if (holder !== undefined) return !isDaemonProcess(holder);
  return ageMs(lockPath) > FRESH_MS;
}

function breakStaleLock(lockPath: string, holder: number | undefined): void {
  const breaker = `${lockPath}.break`;
  if (!createExclusive(breaker, `${process.pid}\n`)) {
    if (ageMs(breaker) > FRESH_MS) removeQuietly(breaker);
    return;
  }
  try {
    // Re-read under the breaker: only the stale holder's lock may be removed.
    if (readHolder(lockPath) === holder) removeQuietly(lockPath);
  } finally {
    removeQuietly(breaker);
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
