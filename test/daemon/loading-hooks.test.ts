// A daemon whose records are still loading (after an upgrade that changed the cache schema, every
// file is re-parsed first) answers hooks "warming" at once rather than spending the hook's budget
// waiting for the whole project; once loaded, the same hook gets its real answer.
import { request } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { DaemonConnection, daemonPaths } from '../../dist/core/daemon/wire.cjs';
import { ensureRuntimeDir } from '../../dist/core/daemon/paths.js';
import { DaemonServer } from '../../dist/core/daemon/server.js';
import { newHttpConfig, writeHttpConfig } from '../../dist/core/hooks/http-config.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { WARMING_WAIT_MS } from '../../dist/core/hooks/daemon-hooks.js';
import { cleanupProjects, makeProject, waitFor } from './helpers.js';

afterAll(cleanupProjects);

const LARGE = Array.from({ length: 80 }, (_, i) => `export function step${i}(x: number): number {\n  const y = x + ${i};\n  return y * 2;\n}\n`).join('');

function post(port: number, token: string, name: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/hooks/${name}`, method: 'POST', agent: false, headers: { 'x-tldr-token': token, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('answers hooks "warming" while the records load, and for real once they have', async () => {
  const project = makeProject({ 'src/steps.ts': LARGE });
  const http = await newHttpConfig();
  writeHttpConfig(project.root, http);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const paths = daemonPaths(project.root);
  ensureRuntimeDir(paths.dir);
  const server = new DaemonServer({
    root: project.root,
    paths,
    idleMs: 60_000,
    log: () => {},
    openIndex: async (dir: string) => {
      const index = await openProjectIndex(dir, { extraction: 'in-process' });
      const records = index.records.bind(index);
      let first = true;
      // The first load stands for a full re-parse that takes longer than any hook may wait.
      index.records = () => {
        if (!first) return records();
        first = false;
        return gate.then(records);
      };
      return index;
    },
  });
  let connection: DaemonConnection | undefined;
  try {
    await server.listen();
    connection = await DaemonConnection.open(paths.socket);
    const status = async () => ((await connection!.send({ op: 'status' })) as any).result;
    await waitFor(async () => (await status()).hooks.http.state === 'listening', 'the hook listener');
    const read = JSON.stringify({
      session_id: 'loading',
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: `${project.root}/src/steps.ts` },
      cwd: project.root,
    });
    const started = performance.now();
    expect(JSON.parse(await post(http.port, http.token, 'read-enforcer', read))).toEqual({});
    expect(performance.now() - started).toBeLessThan(WARMING_WAIT_MS + 1_000);
    expect((await status()).ready).toBe(false);
    release();
    await waitFor(async () => (await status()).ready, 'the records');
    const answer = JSON.parse(await post(http.port, http.token, 'read-enforcer', JSON.stringify({ ...JSON.parse(read), session_id: 'loaded' })));
    expect(answer.hookSpecificOutput.additionalContext).toMatch(/step79/);
  } finally {
    release();
    connection?.close();
    await server.shutdown('test over');
  }
});
