// The per-user directory that holds daemon sockets, locks and logs (names: daemonPaths in wire.ts).
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { TldrError } from '../errors.js';

/**
 * Creates the runtime directory with mode 0700, or checks an existing one: it must be a real
 * directory owned by this user and closed to others. A directory planted by someone else is
 * refused rather than used, since its owner could read or replace our socket.
 */
export function ensureRuntimeDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
  if (!stat.isDirectory() || stat.uid !== uid) {
    throw new TldrError(`unsafe daemon directory ${dir}`, 'it must be a directory owned by you; remove it or set XDG_RUNTIME_DIR');
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
