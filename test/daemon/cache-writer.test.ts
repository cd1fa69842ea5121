// The daemon's cache writer: a burst of changes is one write, a steady stream of changes is still
// written, a cache that cannot be written is reported once, and nothing is written after close.
import { describe, expect, it } from 'vitest';
import { CacheWriter } from '../../dist/core/daemon/cache-writer.js';
import { waitFor } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder(result: () => string | undefined = () => undefined) {
  const writes: number[] = [];
  const errors: string[] = [];
  const write = async () => {
    writes.push(Date.now());
    return result();
  };
  return { writes, errors, onError: (error: Error) => errors.push(error.message), write };
}

describe('CacheWriter', () => {
  it('writes a burst of changes once, after they pause', async () => {
    const r = recorder();
    const writer = new CacheWriter(r.write, r.onError, { writeDelayMs: 40, maxDelayMs: 10_000 });
    for (let i = 0; i < 20; i++) writer.changed();
    expect(r.writes).toHaveLength(0);
    await waitFor(() => r.writes.length > 0, 'the write');
    await sleep(100);
    expect(r.writes).toHaveLength(1);
    writer.changed();
    await waitFor(() => r.writes.length > 1, 'the second write');
    writer.close();
  });

  it('writes while changes keep coming faster than the delay', async () => {
    const r = recorder();
    const writer = new CacheWriter(r.write, r.onError, { writeDelayMs: 10_000, maxDelayMs: 60 });
    const stream = setInterval(() => writer.changed(), 10);
    writer.changed();
    try {
      await waitFor(() => r.writes.length >= 2, 'writes during the stream', 5000);
    } finally {
      clearInterval(stream);
      writer.close();
    }
  });

  it('reports a failing write once, and again only after one succeeded', async () => {
    let reason: string | undefined = 'cannot write /ro/.tldr: EROFS';
    const r = recorder(() => reason);
    const writer = new CacheWriter(r.write, r.onError, { writeDelayMs: 5, maxDelayMs: 10_000 });
    const writeOnce = async () => {
      const before = r.writes.length;
      writer.changed();
      await waitFor(() => r.writes.length > before, 'the write');
      await sleep(5);
    };
    for (let round = 0; round < 3; round++) await writeOnce();
    expect(r.errors).toEqual(['cannot write /ro/.tldr: EROFS']);
    reason = undefined;
    await writeOnce();
    reason = 'cannot write /ro/.tldr: EROFS';
    await writeOnce();
    expect(r.errors).toHaveLength(2);
    writer.close();
  });

  it('writes nothing once closed', async () => {
    const r = recorder();
    const writer = new CacheWriter(r.write, r.onError, { writeDelayMs: 5, maxDelayMs: 10_000 });
    writer.changed();
    writer.close();
    writer.changed();
    await sleep(50);
    expect(r.writes).toHaveLength(0);
  });
});
