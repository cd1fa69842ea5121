// import-validator on the recorded PostToolUse:Edit/Write payloads, after the edit landed on disk,
// in fixture projects of several languages.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importValidator } from '../../dist/core/hooks/import-validator.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

const projects = new Map<string, HookProject>();
beforeAll(async () => {
  for (const fixture of ['projects/mixed', 'graph/py-pkg', 'graph/go-mod', 'graph/rust-crate', 'graph/java-app', 'graph/c-lib', 'graph/ts-monorepo']) {
    projects.set(fixture, await openHookProject({}, fixture));
  }
}, 120_000);
afterAll(async () => {
  for (const project of projects.values()) await project.close();
});

/** Prepends `added` to the file on disk, then runs the PostToolUse of an Edit that wrote it. */
async function editedWith(fixture: string, file: string, added: string): Promise<string> {
  const project = projects.get(fixture)!;
  const { readFileSync } = await import('node:fs');
  const before = readFileSync(project.abs(file), 'utf8');
  project.write(file, `${added}\n${before}`);
  try {
    const input = project.toolPayload('PostToolUse-Edit', { file_path: file, old_string: 'x', new_string: added, replace_all: false });
    return contextOf(await run(importValidator, input, project));
  } finally {
    project.write(file, before);
  }
}

describe('import-validator', () => {
  it('says nothing after the recorded edit and write, whose imports resolve', async () => {
    const project = projects.get('projects/mixed')!;
    expect(await run(importValidator, project.payload('PostToolUse-Edit'), project)).toEqual(NO_ANSWER);
    project.write('src/added.ts', 'export const added = 1;\n');
    expect(await run(importValidator, project.payload('PostToolUse-Write'), project)).toEqual(NO_ANSWER);
  });

  it('TypeScript: a missing relative file (with close names), packages neither declared nor installed', async () => {
    const text = await editedWith('graph/ts-monorepo', 'packages/app/src/main.ts', "import { x } from './servce';\nimport _ from 'lodash';\nimport { readFileSync } from 'node:fs';\nimport { Repo } from '@acme/core';");
    expect(text).toContain('tldr: imports in packages/app/src/main.ts that resolve to nothing in the project or its dependencies:');
    expect(text).toContain("L1 ./servce: no such file (project files with a close name: packages/app/src/service.ts)");
    expect(text).toContain('L2 lodash: not a dependency in package.json, and not installed in node_modules');
    expect(text).not.toContain('node:fs');
    expect(text).not.toContain('@acme/core');
    const project = projects.get('graph/ts-monorepo')!;
    mkdirSync(project.abs('node_modules/lodash'), { recursive: true });
    project.write('packages/app/src/style.css', 'a {}\n');
    expect(await editedWith('graph/ts-monorepo', 'packages/app/src/main.ts', "import _ from 'lodash';\nimport './style.css';")).toBe('');
  });

  it('Python: relative and project modules must exist; third-party only judged with a virtualenv', async () => {
    const text = await editedWith('graph/py-pkg', 'src/shop/app.py', 'from .nothere import x\nfrom shop.missing import y\nimport os.path\nimport numpy');
    expect(text).toContain('L1 .nothere: no such module in the package');
    expect(text).toContain('L2 shop.missing: no such module in the project');
    expect(text).not.toContain('os.path');
    expect(text).not.toContain('numpy');
    const project = projects.get('graph/py-pkg')!;
    mkdirSync(project.abs('.venv/lib/python3.11/site-packages/requests'), { recursive: true });
    const withVenv = await editedWith('graph/py-pkg', 'src/shop/app.py', 'import requests\nimport numpy');
    expect(withVenv).toContain('L2 numpy: not in the standard library nor installed in the virtualenv');
    expect(withVenv).not.toContain('requests');
  });

  it('Go: module packages must exist, others must be required in go.mod', async () => {
    const text = await editedWith('graph/go-mod', 'util/util.go', 'import "example.com/app/missing"\nimport "github.com/x/y"\nimport "net/http"');
    expect(text).toContain('example.com/app/missing: no such package in the module, and not required in go.mod');
    expect(text).toContain('github.com/x/y: no such package');
    expect(text).not.toContain('net/http');
  });

  it('Rust: crate modules and Cargo.toml dependencies', async () => {
    const text = await editedWith('graph/rust-crate', 'src/util.rs', 'use crate::nothere::X;\nuse serde::Deserialize;\nuse std::io;');
    expect(text).toContain('crate::nothere: no module nothere in the crate');
    expect(text).toContain('serde: not a dependency in Cargo.toml');
    expect(text).not.toContain('std');
  });

  it('Java: classes and packages of the project\'s own namespace; libraries are not judged', async () => {
    const text = await editedWith('graph/java-app', 'src/main/java/com/acme/App.java', 'import com.acme.util.Missing;\nimport com.acme.gone.*;\nimport java.util.List;\nimport org.junit.Test;');
    expect(text).toContain('com.acme.util.Missing: no such class in the package');
    expect(text).toContain('com.acme.gone: no such package in the project');
    expect(text).not.toContain('java.util');
    expect(text).not.toContain('org.junit');
  });

  it('C: quoted includes must exist; system headers are not judged', async () => {
    const text = await editedWith('graph/c-lib', 'src/main.c', '#include "nothere.h"\n#include <stdlib.h>');
    expect(text).toContain('L1 nothere.h: no such header');
    expect(text).not.toContain('stdlib');
  });

  it('Ruby and Bash: files sourced by path must exist', async () => {
    expect(await editedWith('projects/mixed', 'lib/helper.rb', "require_relative 'nothere'\nrequire 'json'")).toContain("L1 nothere: no such file");
    expect(await editedWith('projects/mixed', 'scripts/deploy.sh', 'source ./missing.sh')).toContain('L1 ./missing.sh: no such file');
  });

  it('checks only imports the edit wrote, and ignores bad input', async () => {
    const project = projects.get('graph/py-pkg')!;
    const { readFileSync } = await import('node:fs');
    const before = readFileSync(project.abs('src/shop/util.py'), 'utf8');
    project.write('src/shop/util.py', `from .gone import z\n${before}`);
    const input = project.toolPayload('PostToolUse-Edit', { file_path: 'src/shop/util.py', old_string: 'a', new_string: 'return 1' });
    expect(await run(importValidator, input, project)).toEqual(NO_ANSWER);
    project.write('src/shop/util.py', before);
    expect(await run(importValidator, project.toolPayload('PostToolUse-Edit', { file_path: null }), project)).toEqual(NO_ANSWER);
  });
});
