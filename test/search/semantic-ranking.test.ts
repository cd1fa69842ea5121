// How the semantic tier reads a question and ranks definitions, on a small real-looking project:
// phrases of the lexicon, compounds of adjacent words and of words a few apart, each term kept by one concept, keywords
// that are words of questions, and the ranking's preferences (a class over its constructor, a
// definition whose name or first doc sentence holds the question over one whose long doc brushes it).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProjectIndex, type CachedProjectIndex } from '../../dist/core/index/open.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import { searchProject } from '../../dist/core/search/search.js';
import { semanticIndexFor } from '../../dist/core/search/semantic/for-index.js';
import { DEFAULT_PARAMS, parseQuestion, questionForm, rank, type Concept } from '../../dist/core/search/semantic/rank.js';
import type { SemanticIndex } from '../../dist/core/search/semantic/semantic-index.js';
import { termWord } from '../../dist/core/search/semantic/terms.js';

let root: string;
let project: CachedProjectIndex;
let index: SemanticIndex;

const FILES: Record<string, string> = {
  'net/fetch.py': `"""Fetching documents over HTTP."""

def fetch_with_timeout(url, seconds):
    """Fetch a url, giving up with a timeout error when the server is slow."""
    return url


def parse_address(header):
    """Split a header into its realname and email parts."""
    return header, header


def check_prefix(text, head):
    """Tell whether text startswith head."""
    return text.startswith(head)
`,
  'net/retry.py': `"""Retrying flaky calls."""

def run_again(task, attempts):
    """Run a task again until it succeeds or the attempts end; the task completes or raises."""
    for _ in range(attempts):
        task()
`,
  'streams/recover.ts': `/** Recovers from an error by switching to a fallback stream. */
export function catchError(handler: (err: unknown) => unknown): unknown {
  return handler;
}

/**
 * Runs a stream's sources. Long notes on recovering, errors, fallback values, switching between
 * sources, what happens when a stream ends or completes, and how subscribers see each value.
 */
export function runSources(sources: unknown[]): unknown[] {
  return sources;
}
`,
  'jobs/nightly.ts': `/** Keeps the service healthy at night: rotates the signing keys. */
export function nightlyJob(): void {}

/**
 * Housekeeping for the whole service. It rotates the signing keys, rotates the session keys, and
 * checks the signing keys in use; rotating keys often keeps signing safe.
 */
export function housekeeping(): void {}
`,
  'jobs/calls.ts': `/** Abandons a call once its deadline passes. */
export function withDeadline(call: () => void): void {
  call();
}

/** Picks up the next call on the line. */
export function pickUp(line: unknown[]): unknown {
  return line[0];
}
`,
  'text/patterns.ts': `/** Counts the words of a text. */
export function countText(text: string): number {
  return text.length;
}

/** Escapes the meta characters of a text so that a pattern matches it as written. */
export function quoteText(text: string): string {
  return text;
}
`,
  'queue/src/lib.rs': `/// A queue of jobs shared between workers.

#[derive(Debug)]
pub struct JobQueue {
    jobs: Vec<u32>,
}

impl JobQueue {
    /// Drains the pending jobs of the queue into a batch.
    fn drain_pending(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.jobs)
    }

    /// Drains the pending jobs of the queue into a batch.
    pub fn take_pending(&mut self) -> Vec<u32> {
        self.drain_pending()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn drains_the_pending_jobs() {
        let mut queue = super::JobQueue { jobs: vec![1] };
        assert_eq!(queue.take_pending(), vec![1]);
    }
}

impl Clone for JobQueue {
    /// Copies the queue with its pending jobs.
    fn clone(&self) -> Self {
        JobQueue { jobs: self.jobs.clone() }
    }
}
`,
  'cache/src/lib.rs': `/// Keeps the most recently used entries.
pub struct RecentEntries {
    entries: Vec<u32>,
}

impl RecentEntries {
    /// Keeps the most recently used entries, none at first.
    pub fn new() -> Self {
        RecentEntries { entries: Vec::new() }
    }
}
`,
  'sync/mirror.py': `def handle_left(store):
    \"\"\"Apply one step to the store.\"\"\"
    return store


def handle_right(store):
    \"\"\"Apply one step to the store.\"\"\"
    return store


def mirror_replicas(store):
    \"\"\"Copy the store everywhere.\"\"\"
    return handle_right(store)
`,
  'io/buffered.py': `class Buffered:
    """Bytes read from a stream, kept until asked for."""

    def read(self, count):
        """Read up to count bytes from the stream, waiting until some arrive."""
        return count

    def readuntil(self, separator):
        """Return the data up to the separator."""
        return separator
`,
  'db/pool.ts': `/** A pool of reusable connections to a database server. */
export class ConnectionPool {
  /** Lends a reusable connection of the pool to a caller. */
  lend(): unknown {
    return undefined;
  }
}
`,
  'examples/lending.ts': `/** Lends a reusable database connection out of a pool, the way an application would. */
export function lendConnection(): void {
  const pool = new ConnectionPool();
  const connection = pool.lend();
  console.log('lent a reusable connection', connection);
}
`,
  'streams/keeper.ts': `/** Keeps the latest value and replays it to every new subscriber. */
export class ValueKeeper {
  /** Keeps the latest value and replays it to every new subscriber. */
  constructor(private value: unknown) {}

  read(): unknown {
    return this.value;
  }
}
`,
  'pool/scheduler.ts': `/** Advances the scheduler by one step. */
export function tick(pool: Pool): void {
  for (const worker of pool.workers) {
    const task = worker.queue.shift();
    if (!task) continue;
    try {
      worker.thread.execute(task);
    } catch (failure) {
      pool.failedTasks.push(task);
      worker.thread.restart(failure);
    }
  }
}

/** Starts one more worker thread for the pool. */
export function addWorker(pool: Pool): void {
  pool.workers.push(new Worker());
}

/** Stops the last worker thread of the pool. */
export function removeWorker(pool: Pool): void {
  pool.workers.pop()?.stop();
}

/** Sets the handler called when a task fails. */
export function onTaskFailure(handler: (failure: unknown) => void): void {
  failureHandler = handler;
}
`,
  'auth/tokens.ts': `/** Ends a token's session once its lifetime has run out: revokes its grants, clears its lifetime. */
export function expireToken(token: Token): void {}

/** Whether the time of a token is up. */
export function isLifetimeOver(token: Token): boolean {
  return token.deadline < Date.now();
}
`,
  'db/builder.js': `export class Builder {
  // Adds a between clause to the query.
  whereBetween(column, values) {
    this.statements.push({ grouping: 'where', type: 'whereBetween', column, values });
    return this;
  }

  // Adds a clause to the query: one more filter.
  whereNull(column) {
    this.statements.push({ grouping: 'where', type: 'whereNull', column });
    return this;
  }
}
`,
};

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-ranking-')));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  project = await openProjectIndex(root);
  index = await semanticIndexFor(project);
});

afterAll(async () => {
  await project.close();
  await closeExtractPool();
  rmSync(root, { recursive: true, force: true });
});

/** Ranking by all fields alone (fusion ranks by rank). */
const UNFUSED = { ...DEFAULT_PARAMS, described: 0 };
/** The same without the callers' evidence (added, not multiplied): scores that the factors of what a question asks for scale. */
const SCALED = { ...UNFUSED, callers: 0 };

/** Concepts as word → the words its alternatives reach. */
function concepts(question: string): Record<string, string[]> {
  return Object.fromEntries(parseQuestion(index, question).map((concept: Concept) => [concept.word, concept.alternatives.map((a) => termWord(a.term))]));
}

async function top(question: string, limit = 3): Promise<string[]> {
  const result = await searchProject(project, { query: question, tier: 'semantic', limit });
  return result.hits.map((hit) => hit.symbol ?? '');
}

describe('reading a question', () => {
  it('a phrase of the lexicon is one concept reaching the words code uses, its own words none', () => {
    const found = concepts('fetch a page but give up after a while');
    expect(found['"give up"']).toContain('timeout');
    expect(Object.keys(found)).not.toContain('up');
    expect(concepts('whether the text starts with a given head')['"starts with"']).toContain('startswith');
  });

  it('two adjacent words written as one in code reach that compound from both words', () => {
    const found = concepts('split out the real name');
    expect(found.real).toContain('realnam');
    expect(found.name).toContain('realnam');
  });

  it('two meaningful words a few words apart written as one in code reach that compound from both words', () => {
    const found = concepts('read the stream until a separator');
    expect(found.read).toContain('readuntil');
    expect(found.until).toContain('readuntil');
    const apart = parseQuestion(index, 'read the stream until a separator', { ...DEFAULT_PARAMS, farCompound: 0 });
    expect(apart.flatMap((concept) => concept.alternatives.map((a) => termWord(a.term)))).not.toContain('readuntil');
  });

  it('a word the index does not know reaches the two words it is written as elsewhere', () => {
    expect(concepts('quote the metacharacters').metacharacter).toEqual(expect.arrayContaining(['meta', 'character']));
  });

  it('a term stays with the concept that reaches it strongest, never counted twice', () => {
    const found = concepts('run it again when it ends or completes');
    expect(found.complet).toContain('complet');
    expect(found.end ?? []).not.toContain('complet');
  });

  it('keywords that are words of questions stay terms: `catchError` is found by "catch"', async () => {
    expect(concepts('catch an error').catch).toContain('catch');
    expect((await top('catch an error'))[0]).toBe('catchError');
  });
});

describe('what a question asks for', () => {
  it('an article opens a thing, a kind of type names one; anything else asks for an action', () => {
    expect(questionForm('a subject that holds the current value')).toBe('thing');
    expect(questionForm('the class that parses headers')).toBe('thing');
    expect(questionForm('which struct keeps the pending jobs')).toBe('thing');
    expect(questionForm('parse the headers of a message')).toBe('action');
    expect(questionForm('where do we validate tokens')).toBe('action');
  });

  it('a class counts less when the question asks for an action, its methods as much', () => {
    const found = parseQuestion(index, 'lend a reusable connection of the pool');
    const scores = (form: 'thing' | 'action') =>
      Object.fromEntries(rank(index, found, 10, () => true, form, SCALED).map((hit) => [index.docs[hit.doc]!.qualified_name, hit.score]));
    const thing = scores('thing');
    const action = scores('action');
    expect(DEFAULT_PARAMS.actionClasses).toBeLessThan(1);
    expect(action.ConnectionPool).toBeGreaterThan(0);
    expect(action.ConnectionPool).toBeCloseTo(thing.ConnectionPool * DEFAULT_PARAMS.actionClasses);
    expect(action['ConnectionPool.lend']).toBeCloseTo(thing['ConnectionPool.lend']);
  });

  it('a question answered yes or no asks for a predicate: named as one, or returning a boolean', () => {
    expect(questionForm('is this year a leap year')).toBe('yes-no');
    expect(questionForm('has the date not happened yet')).toBe('yes-no');
    expect(questionForm('check that a value is a real date')).toBe('yes-no');
    expect(questionForm('what is the current value')).toBe('action');
    const found = parseQuestion(index, "has the token's lifetime run out");
    const scores = (form: 'action' | 'yes-no') =>
      Object.fromEntries(rank(index, found, 10, () => true, form, SCALED).map((hit) => [index.docs[hit.doc]!.qualified_name, hit.score]));
    const yesNo = scores('yes-no');
    const action = scores('action');
    expect(DEFAULT_PARAMS.predicates).toBeGreaterThan(1);
    expect(yesNo.isLifetimeOver).toBeCloseTo(action.isLifetimeOver * DEFAULT_PARAMS.predicates);
    expect(yesNo.expireToken).toBeCloseTo(action.expireToken);
  });

  it('a yes-or-no question finds the predicate before what acts on the same words', async () => {
    const question = "has the token's lifetime run out";
    expect((await top(question))[0]).toBe('isLifetimeOver');
    expect((await top("end the token's session once its lifetime has run out"))[0]).toBe('expireToken');
    const found = parseQuestion(index, question);
    const unboosted = rank(index, found, 3, () => true, 'yes-no', { ...DEFAULT_PARAMS, predicates: 1 });
    expect(index.docs[unboosted[0].doc]!.qualified_name).toBe('expireToken');
  });

  it('an action finds the method, a thing its class', async () => {
    expect((await top('lend out a reusable database connection'))[0]).toBe('ConnectionPool.lend');
    expect((await top('a pool lending reusable database connections'))[0]).toBe('ConnectionPool');
  });
});

describe('ranking', () => {
  it('a phrase finds the definition named by the words it stands for', async () => {
    expect((await top('fetch a url but give up when the server is slow'))[0]).toBe('fetch_with_timeout');
  });

  it('"starts with" finds what code calls startswith', async () => {
    expect((await top('tell whether the text starts with a given head'))[0]).toBe('check_prefix');
  });

  it('a compound of the question finds the definition whose doc writes it as one word', async () => {
    expect((await top('split a header into the real name and the email'))[0]).toBe('parse_address');
  });

  it('a name gluing two words of the question a few words apart is found through them', async () => {
    const question = 'read bytes from the stream until a separator';
    expect((await top(question))[0]).toBe('Buffered.readuntil');
    const found = parseQuestion(index, question, { ...DEFAULT_PARAMS, farCompound: 0 });
    const apart = rank(index, found, 3, () => true, 'action', { ...DEFAULT_PARAMS, farCompound: 0 });
    expect(index.docs[apart[0].doc]!.qualified_name).toBe('Buffered.read');
  });

  it('a stopword that names what code does ("where … null" → whereNull) is a weak concept, as the name keeps it', async () => {
    const question = 'build a where clause that checks a column is null';
    expect(Object.keys(concepts(question))).toEqual(expect.arrayContaining(['where', 'null']));
    expect(parseQuestion(index, question, { ...DEFAULT_PARAMS, nameWord: 0 }).map((concept) => concept.word)).not.toContain('null');
    expect((await top(question))[0]).toBe('Builder.whereNull');
  });

  it('a word written as two in the docs finds them: "metacharacters" → meta characters', async () => {
    expect((await top('metacharacters in a text'))[0]).toBe('quoteText');
  });

  it('a Rust doc comment belongs to its item across a blank line', async () => {
    expect((await top('a queue of jobs shared between workers'))[0]).toBe('JobQueue');
  });

  it('a Rust method without pub in an inherent impl is internal, a trait impl method is not', async () => {
    const internal = (name: string) => index.docs.find((doc) => doc?.qualified_name === name)?.internal;
    expect(internal('JobQueue.drain_pending')).toBe(true);
    expect(internal('JobQueue.take_pending')).toBe(false);
    expect(internal('JobQueue.clone')).toBe(false);
    expect((await top('drain the pending jobs of the queue into a batch'))[0]).toBe('JobQueue.take_pending');
  });

  it('a function marked as a test (Rust #[test]) is test code, ranked below what it tests', async () => {
    expect(index.docs.find((doc) => doc?.name === 'drains_the_pending_jobs')?.test).toBe(true);
    const ranked = await top('drains the pending jobs', 10);
    expect(ranked.indexOf('drains_the_pending_jobs')).toBeGreaterThan(ranked.indexOf('JobQueue.drain_pending'));
  });

  it('of two definitions that say the same, the one a matching caller calls ranks first; without caller evidence they tie', () => {
    const found = parseQuestion(index, 'apply one step of mirroring the replicas');
    const scores = (params: typeof DEFAULT_PARAMS) =>
      Object.fromEntries(rank(index, found, 10, () => true, 'action', params).map((hit) => [index.docs[hit.doc]!.qualified_name, hit.score]));
    const withCallers = scores(DEFAULT_PARAMS);
    expect(withCallers.handle_right).toBeGreaterThan(withCallers.handle_left);
    const without = scores({ ...DEFAULT_PARAMS, callers: 0 });
    expect(without.handle_right).toBeCloseTo(without.handle_left);
  });

  it('an example (or a demo, or a benchmark) counts as test code, ranked below what it shows', async () => {
    expect(index.docs.find((doc) => doc?.name === 'lendConnection')?.test).toBe(true);
    const ranked = await top('lend out a reusable database connection', 10);
    expect(ranked.indexOf('lendConnection')).toBeGreaterThan(ranked.indexOf('ConnectionPool.lend'));
  });

  it('prefers a class to its constructor when both say the same', async () => {
    const ranked = await top('keep the latest value and replay it to every new subscriber');
    expect(ranked.indexOf('ValueKeeper')).toBeGreaterThanOrEqual(0);
    expect(ranked.indexOf('ValueKeeper')).toBeLessThan(ranked.indexOf('ValueKeeper.constructor'));
  });

  it("prefers a Rust struct to its constructor by convention, `new`", async () => {
    const ranked = await top('something that keeps the most recently used entries');
    expect(ranked.indexOf('RecentEntries')).toBeGreaterThanOrEqual(0);
    expect(ranked.indexOf('RecentEntries')).toBeLessThan(ranked.indexOf('RecentEntries.new'));
  });

  it('prefers the definition whose first doc sentence holds the question to one whose long doc brushes it', async () => {
    expect((await top('rotate the signing keys'))[0]).toBe('nightlyJob');
  });

  it('a definition whose description answers the question ranks above one whose body only uses its words', async () => {
    const question = 'what to do when a task fails on a worker thread';
    expect((await top(question))[0]).toBe('onTaskFailure');
    // By all fields alone, the loop whose body names tasks, workers, threads and failures comes first.
    const whole = rank(index, parseQuestion(index, question), 3, () => true, 'action', UNFUSED);
    expect(index.docs[whole[0].doc]!.qualified_name).toBe('tick');
  });

  it('a phrase stands for its meaning, not its words: "give up" is a timeout or a deadline, not picking up', async () => {
    expect(['withDeadline', 'fetch_with_timeout']).toContain((await top('give up'))[0]);
  });
});
