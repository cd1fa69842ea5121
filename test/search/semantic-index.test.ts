// The semantic index's life: built by warm into .tldr/search.bin, reused on load for unchanged
// files, patched per changed file (never rebuilt whole), and rebuilt from scratch when the saved
// file is damaged or from another version.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { closeExtractPool, extractInPool } from '../../dist/core/pool/extract-pool.js';
import { searchProject } from '../../dist/core/search/search.js';
import { semanticIndexFor } from '../../dist/core/search/semantic/for-index.js';
import { encodeDocument } from '../../dist/core/search/semantic/document-codec.js';
import { FIELDS, fileDocuments } from '../../dist/core/search/semantic/documents.js';
import { termWord } from '../../dist/core/search/semantic/terms.js';
import { SemanticIndex } from '../../dist/core/search/semantic/semantic-index.js';
import { encodeSemanticIndex, loadSemanticIndex, saveSemanticBytes, semanticPath } from '../../dist/core/search/semantic/store.js';
import { copyShop } from './helpers.js';

let root: string;

beforeEach(() => {
  root = copyShop();
});

afterEach(async () => {
  await closeExtractPool();
  rmSync(root, { recursive: true, force: true });
});

const question = 'email the customer a reminder about an overdue invoice';

async function topSymbol(query: string): Promise<string | null | undefined> {
  const index = await openProjectIndex(root);
  try {
    return (await searchProject(index, { query, tier: 'semantic', limit: 1 })).hits[0]?.symbol;
  } finally {
    await index.close();
  }
}

function savedState(): string {
  return loadSemanticIndex(root, (words) => new Int32Array(words.map((_, i) => i))).state;
}

describe('built during warm', () => {
  it('warm writes .tldr/search.bin; a warm with nothing changed reads nothing and keeps it', async () => {
    const first = await warmProject(root);
    expect(first.search_index).toMatchObject({ state: 'updated' });
    expect(first.search_index!.documents).toBeGreaterThanOrEqual(25);
    expect(savedState()).toBe('loaded');
    const written = statSync(semanticPath(root)).mtimeMs;
    const second = await warmProject(root);
    expect(second.search_index).toEqual({ documents: first.search_index!.documents, state: 'unchanged', elapsed_ms: expect.any(Number) });
    expect(statSync(semanticPath(root)).mtimeMs).toBe(written);
    writeFileSync(join(root, 'py', 'extra.py'), 'def refund(order):\n    """Give the customer their money back."""\n    return order\n');
    const third = await warmProject(root);
    expect(third.search_index).toMatchObject({ state: 'updated', documents: first.search_index!.documents + 1 });
    expect(await topSymbol('give the customer their money back')).toBe('refund');
  });

  it('documents built by the extraction workers are the ones the source gives', async () => {
    const warm = await warmProject(root);
    expect(warm.parsed).toBeGreaterThan(8);
    const index = await openProjectIndex(root);
    const records = await index.records();
    await index.close();
    const reference = new SemanticIndex();
    const saved = loadSemanticIndex(root, (words) => reference.internAll(words));
    if (saved.state !== 'loaded') throw new Error(saved.state);
    // Entries are per-term triplets; a loaded document lists them in its own order.
    const normalized = (docs: { entries: Int32Array }[]) =>
      docs.map((doc) => ({ ...doc, entries: [...Array(doc.entries.length / 3).keys()].map((i) => [...doc.entries.slice(i * 3, i * 3 + 3)]).sort((a, b) => a[0] - b[0]) }));
    for (const [path, record] of records) {
      const fromSource = fileDocuments(record, readFileSync(join(root, path), 'utf8')).map(encodeDocument);
      expect(saved.files.get(path)?.hash, path).toBe(record.hash);
      expect(normalized(saved.files.get(path)!.docs), path).toEqual(normalized(fromSource));
    }
  });

  it('an index built from the warm\'s extracted documents answers exactly as one built from source', async () => {
    const questions = [question, 'add an item to the shopping cart', 'distance between two points', 'apply a discount to the price', 'parse the configuration'];
    const answers = async () => {
      const index = await openProjectIndex(root);
      try {
        return await Promise.all(questions.map(async (query) => (await searchProject(index, { query, tier: 'semantic', limit: 20 })).hits));
      } finally {
        await index.close();
      }
    };
    await warmProject(root, { extraction: 'pool' });
    const streamed = await answers();
    expect(streamed.flat().length).toBeGreaterThan(questions.length);
    // No saved index: the next read builds every file's documents from its source.
    unlinkSync(semanticPath(root));
    expect(await answers()).toEqual(streamed);
  });

  it('documents from the pool own their bytes: holding them keeps no batch of records alive', async () => {
    const jobs = ['py/billing.py', 'src/pricing.ts', 'java/Cart.java'].map((path) => ({ abs: join(root, path), path, language: path.endsWith('.py') ? 'python' : path.endsWith('.ts') ? 'typescript' : 'java' }));
    const outcomes = await extractInPool(jobs, { maxFileBytes: 1 << 20, languages: ['python', 'typescript', 'java'], sizes: new Map() });
    for (const outcome of outcomes) {
      if (outcome.status !== 'record') throw new Error(outcome.status);
      expect(outcome.documents!.byteLength).toBeGreaterThan(0);
      expect(outcome.documents!.buffer.byteLength).toBe(outcome.documents!.byteLength);
    }
  });

  it('a loaded index takes unchanged files from search.bin instead of reading them again', async () => {
    await warmProject(root);
    // Plant documents for rust/lib.rs (under its current hash) built from other words than the file's.
    const index = await openProjectIndex(root);
    const record = await index.record('rust/lib.rs');
    await index.close();
    const planted = new SemanticIndex();
    planted.beginBulk();
    const saved = loadSemanticIndex(root, (words) => planted.internAll(words));
    if (saved.state !== 'loaded') throw new Error(saved.state);
    for (const [path, file] of saved.files) planted.setFile(path, file.hash, file.docs);
    const other = readFileSync(join(root, 'rust', 'lib.rs'), 'utf8').replace('Manhattan distance between two points', 'Hamming weight of a pair of quokkas');
    planted.setFile('rust/lib.rs', record.hash, fileDocuments(record, other).map((doc) => planted.toIndexed(doc)));
    planted.compact();
    saveSemanticBytes(root, encodeSemanticIndex({ vocabulary: () => planted.usedVocabulary(), files: planted.files, docs: planted.docs }));
    expect(await topSymbol('hamming weight of a pair of quokkas')).toBe('Point.distance');
  });
});

describe('damaged or foreign files are rebuilt, never trusted', () => {
  const damage: Record<string, () => void> = {
    truncated: () => truncateSync(semanticPath(root), 40),
    emptied: () => writeFileSync(semanticPath(root), ''),
    garbage: () => writeFileSync(semanticPath(root), Buffer.from('not a search index at all, just bytes'.repeat(10))),
    'body flipped': () => {
      const bytes = readFileSync(semanticPath(root));
      bytes[bytes.length - 10] ^= 0xff;
      writeFileSync(semanticPath(root), bytes);
    },
    'other format': () => {
      const bytes = readFileSync(semanticPath(root));
      bytes.writeUInt32LE(99, 8);
      writeFileSync(semanticPath(root), bytes);
    },
    'other build': () => {
      const bytes = readFileSync(semanticPath(root));
      bytes[12] ^= 0xff;
      writeFileSync(semanticPath(root), bytes);
    },
    deleted: () => unlinkSync(semanticPath(root)),
  };
  for (const [what, apply] of Object.entries(damage)) {
    it(`${what}: answers as before and writes a good file again`, async () => {
      await warmProject(root);
      const expected = await topSymbol(question);
      expect(expected).toBe('Invoice.send_reminder');
      apply();
      expect(savedState()).not.toBe('loaded');
      expect(await topSymbol(question)).toBe(expected);
      expect(savedState()).toBe('loaded');
    });
  }

  it('a search.bin that cannot be written does not stop the search', async () => {
    await warmProject(root);
    // A directory where the file goes: every write (temp file, then rename over it) fails.
    rmSync(semanticPath(root));
    mkdirSync(semanticPath(root));
    expect(await topSymbol(question)).toBe('Invoice.send_reminder');
    expect(statSync(semanticPath(root)).isDirectory()).toBe(true);
    expect(readdirSync(join(root, '.tldr')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const warm = await warmProject(root);
    expect(warm.search_index?.state).toBe('unwritable');
  });
});

describe('patched per changed file', () => {
  it('an edit re-indexes that file only; a deleted file leaves the index', async () => {
    await warmProject(root);
    const index = await openProjectIndex(root);
    try {
      const semantic = await semanticIndexFor(index);
      const keptDocs = () => semantic.files.get('src/pricing.ts')!.docs.map((id) => semantic.docs[id]);
      const before = keptDocs();
      writeFileSync(join(root, 'py', 'billing.py'), `${readFileSync(join(root, 'py', 'billing.py'), 'utf8')}

def archive_paid(invoices):
    """Move settled invoices to cold storage once they are paid."""
    return [invoice for invoice in invoices if invoice.paid]
`);
      index.invalidate([join(root, 'py', 'billing.py')]);
      const answer = await searchProject(index, { query: 'move settled invoices to cold storage', limit: 1 });
      expect(answer.hits[0].symbol).toBe('archive_paid');
      // The other files' documents are the very same objects: nothing else was rebuilt.
      expect(keptDocs()).toEqual(before);
      expect(keptDocs().every((doc, i) => doc === before[i])).toBe(true);

      rmSync(join(root, 'java', 'Cart.java'));
      index.invalidate([join(root, 'java', 'Cart.java')]);
      const cart = await searchProject(index, { query: 'add an item to the shopping cart', tier: 'semantic', limit: 10 });
      expect(cart.hits.some((hit) => hit.file === 'java/Cart.java')).toBe(false);
      expect(semantic.files.has('java/Cart.java')).toBe(false);
    } finally {
      await index.close();
    }
  });
});

describe('what a document says about its definition', () => {
  it('marks what lies outside a module\'s surface: unexported, private members, nested functions, members of private or unexported classes', async () => {
    mkdirSync(join(root, 'surface'));
    writeFileSync(join(root, 'surface', 'tokens.py'), `def issue_token(user):
    def sign(payload):
        return payload
    return sign(user)

def _entropy():
    return 4

class Vault:
    def __init__(self):
        self.keys = []

    def rotate(self):
        return self.__shuffle()

    def __shuffle(self):
        return self._order()

    def _order(self):
        return self.keys

class _Keyring:
    def add(self, key):
        return key
`);
    writeFileSync(join(root, 'surface', 'tokens.go'), `package surface

type Vault struct{}

func Issue() string { return seed() }

func seed() string { return "x" }

func (v Vault) Rotate() {}

func (v Vault) shuffle() {}

type keyring struct{}

func (k keyring) Add() {}
`);
    writeFileSync(join(root, 'surface', 'tokens.ts'), `export function issueToken(): string {
  return entropy();
}

function entropy(): string {
  return 'x';
}

export class Vault {
  rotate(): void {
    this.shuffle();
  }

  private shuffle(): void {}
}

class Keyring {
  add(): void {}
}
`);
    writeFileSync(join(root, 'surface', 'tokens.rs'), `pub fn issue() {}

pub(crate) fn seed() {}

pub struct Vault;

impl Vault {
    pub fn rotate(&self) {}
    pub(super) fn shuffle(&self) {}
}

pub(crate) struct Keyring;

impl Keyring {
    pub fn add(&self) {}
}

#[doc(hidden)]
pub fn __private_issue() {}

#[doc(hidden)]
pub struct Seal;

impl Seal {
    pub fn stamp(&self) {}
}
`);
    const index = await openProjectIndex(root);
    try {
      const internal = async (path: string) => {
        const record = await index.record(path);
        return Object.fromEntries(fileDocuments(record, readFileSync(join(root, path), 'utf8')).map((doc) => [doc.qualified_name, doc.internal]));
      };
      expect(await internal('surface/tokens.py')).toEqual({
        'issue_token': false, 'issue_token.sign': true, '_entropy': true, 'Vault': false,
        'Vault.__init__': false, 'Vault.rotate': false, 'Vault.__shuffle': true, 'Vault._order': true,
        '_Keyring': true, '_Keyring.add': true,
      });
      expect(await internal('surface/tokens.go')).toEqual({
        Vault: false, Issue: false, seed: true, 'Vault.Rotate': false, 'Vault.shuffle': true, keyring: true, 'keyring.Add': true,
      });
      expect(await internal('surface/tokens.ts')).toEqual({
        issueToken: false, entropy: true, Vault: false, 'Vault.rotate': false, 'Vault.shuffle': true, Keyring: true, 'Keyring.add': true,
      });
      // Rust's restricted visibility (pub(crate), pub(super)) and #[doc(hidden)] items are no part of a crate's surface.
      expect(await internal('surface/tokens.rs')).toEqual({
        issue: false, seed: true, Vault: false, 'Vault.rotate': false, 'Vault.shuffle': true, Keyring: true, 'Keyring.add': true,
        __private_issue: true, Seal: true, 'Seal.stamp': true,
      });
    } finally {
      await index.close();
    }
  });

  it('places a definition in its module and a method in its class: their first doc sentences are its context, a license is not', async () => {
    mkdirSync(join(root, 'place'));
    writeFileSync(join(root, 'place', 'vault.py'), `"""Signing keys kept in a vault. Nothing else here."""

def issue():
    return 1

class Keyring:
    """Rotates certificates on a schedule. More prose."""

    def add(self, key):
        return key
`);
    writeFileSync(join(root, 'place', 'vault.go'), `// Copyright 2020 The Authors. Licensed under the MIT license.

//go:build linux

// Package place keeps signing keys in a vault.
package place

func Issue() {}
`);
    writeFileSync(join(root, 'place', 'vault.ts'), `/* Copyright 2020 The Authors. Licensed under the MIT license. */
export function issue(): void {}
`);
    const index = await openProjectIndex(root);
    try {
      const contexts = async (path: string) => {
        const record = await index.record(path);
        const context = FIELDS.indexOf('context');
        return Object.fromEntries(fileDocuments(record, readFileSync(join(root, path), 'utf8')).map((doc) => [doc.qualified_name, doc.fields[context].map(termWord)]));
      };
      const python = await contexts('place/vault.py');
      expect(python.issue).toEqual(expect.arrayContaining(['sign', 'kei', 'kept']));
      expect(python.issue).not.toContain('noth');
      expect(python['Keyring.add']).toEqual(expect.arrayContaining(['keyr', 'rotat', 'certificat', 'schedul', 'sign']));
      expect(python.issue).not.toContain('certificat');
      expect((await contexts('place/vault.go')).Issue).toEqual(expect.arrayContaining(['sign', 'kei']));
      expect((await contexts('place/vault.go')).Issue).not.toContain('licens');
      expect((await contexts('place/vault.ts')).issue).not.toContain('licens');
    } finally {
      await index.close();
    }
  });

  it('keeps a doc\'s examples (fenced under any comment prefix, doctests, <pre> and <code> blocks, Go\'s tab-indented lines) out of its prose: they are the text field\'s', async () => {
    mkdirSync(join(root, 'examples'));
    writeFileSync(join(root, 'examples', 'lib.rs'), `/// Rotates the signing keys.
///
/// \`\`\`
/// let vault = Vault::open(certificate);
/// \`\`\`
pub fn rotate() {}
`);
    writeFileSync(join(root, 'examples', 'rotate.ts'), `/**
 * Rotates the signing keys.
 *
 * \`\`\`ts
 * const vault = openVault(certificate);
 * \`\`\`
 */
export function rotate(): void {}
`);
    writeFileSync(join(root, 'examples', 'rotate.py'), `def rotate():
    \"\"\"Rotates the signing keys.

    >>> vault = open_vault(certificate)
    >>> rotate()

    Keys are kept.
    \"\"\"
`);
    writeFileSync(join(root, 'examples', 'rotate.go'), `package examples

// Rotate rotates the signing keys:
//
//\tvault := OpenVault(certificate)
//\tRotate()
func Rotate() {}
`);
    writeFileSync(join(root, 'examples', 'Keys.java'), `public class Keys {
    /**
     * Rotates the signing keys.
     * <pre>{@code
     * Vault vault = Vault.open(certificate);
     * }</pre>
     */
    public void rotate() {}
}
`);
    writeFileSync(join(root, 'examples', 'Keys.cs'), `public class Keys
{
    /// <summary>Rotates the signing keys.</summary>
    /// <code>
    /// var vault = Vault.Open(certificate);
    /// </code>
    public void Rotate() {}
}
`);
    const index = await openProjectIndex(root);
    try {
      for (const path of ['examples/lib.rs', 'examples/rotate.ts', 'examples/rotate.py', 'examples/rotate.go', 'examples/Keys.java', 'examples/Keys.cs']) {
        const record = await index.record(path);
        const doc = fileDocuments(record, readFileSync(join(root, path), 'utf8')).find((d) => d.kind !== 'class')!;
        const field = (name: (typeof FIELDS)[number]) => doc.fields[FIELDS.indexOf(name)].map(termWord);
        expect(field('doc'), path).toEqual(expect.arrayContaining(['rotat', 'sign', 'kei']));
        expect(field('doc'), path).not.toContain('vault');
        expect(field('text'), path).toEqual(expect.arrayContaining(['vault', 'certificat']));
        if (path.endsWith('.py')) expect(field('doc')).toContain('kept');
      }
    } finally {
      await index.close();
    }
  });
});
