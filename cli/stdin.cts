// The command's standard input, read once. Hooks get Claude Code's JSON on stdin; the fast path
// reads it to send along to the daemon, and when the full CLI runs after all (no daemon), the hook
// command gets the same text from here instead of an already drained stream. CommonJS so that the
// fast path (CommonJS) and the commands (ES modules) share this one module instance.
import { readSync } from 'node:fs';
import { isatty } from 'node:tty';

let text: Promise<string> | undefined;

/** All of stdin as UTF-8 (empty when stdin is closed or a terminal). */
export function readStdin(): Promise<string> {
  text ??= readAll();
  return text;
}

async function readAll(): Promise<string> {
  // isatty(), not process.stdin.isTTY: creating the stream costs ~1 ms and would pause the read.
  if (isatty(0)) return '';
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let count: number;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EOF' || code === 'EBADF') break;
      if (code !== 'EAGAIN') throw error;
      // A non-blocking stdin: read the rest as a stream.
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      break;
    }
    if (count === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, count)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
