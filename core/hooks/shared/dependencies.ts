// Whether an import that names no project file names something the project can still import:
// the language's standard library, or a declared or installed dependency (node_modules and
// package.json; a Python virtualenv's site-packages; go.mod's requires; Cargo.toml's
// dependencies). `unknown` where this cannot be told without the toolchain (a Python project
// with no virtualenv, Java libraries, C system headers…): such an import is never reported.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { parseJsonc } from '../../graph/project-config.js';

export type External = 'available' | 'missing' | 'unknown';

/** Top-level modules of Python's standard library (sys.stdlib_module_names, 3.11), and a few private ones code imports. */
const PYTHON_STDLIB = new Set((
  '__future__ _thread _collections_abc abc aifc argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins '
  + 'bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall concurrent configparser contextlib '
  + 'contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip '
  + 'enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp '
  + 'gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale '
  + 'logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path '
  + 'numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint '
  + 'profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched '
  + 'secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants '
  + 'sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile '
  + 'termios textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo types typing '
  + 'unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport '
  + 'zlib zoneinfo'
).split(' '));

const NODE_BUILTINS = new Set(builtinModules);

/** File text, re-read when its mtime changes (manifests are read on every import check). */
const texts = new Map<string, { mtimeMs: number; text: string | undefined }>();

function readCached(path: string): string | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    texts.delete(path);
    return undefined;
  }
  const hit = texts.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return hit.text;
  let text: string | undefined;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    text = undefined;
  }
  if (texts.size > 256) texts.clear();
  texts.set(path, { mtimeMs, text });
  return text;
}

/** Directories from the file's own up to the root, nearest first (absolute). */
function ancestors(root: string, file: string): string[] {
  const out: string[] = [];
  let dir = dirname(join(root, file));
  for (;;) {
    out.push(dir);
    if (dir === root || dir.length <= root.length) break;
    dir = dirname(dir);
  }
  return out;
}

function nodePackage(spec: string, root: string, file: string): External {
  if (spec.startsWith('node:') || NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0])) return 'available';
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  let sawManifest = false;
  for (const dir of ancestors(root, file)) {
    if (existsSync(join(dir, 'node_modules', name))) return 'available';
    const manifest = readCached(join(dir, 'package.json'));
    if (manifest === undefined) continue;
    sawManifest = true;
    const json = parseJsonc(manifest) as Record<string, unknown> | undefined;
    if (json?.name === name) return 'available';
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const deps = json?.[field];
      if (deps && typeof deps === 'object' && name in deps) return 'available';
    }
  }
  return sawManifest ? 'missing' : 'unknown';
}

/** site-packages directories of a virtualenv in the project (`.venv`, `venv`, `env`). */
function sitePackages(root: string): string[] {
  const out: string[] = [];
  for (const venv of ['.venv', 'venv', 'env', '.env']) {
    const lib = join(root, venv, 'lib');
    let versions: string[];
    try {
      versions = readdirSync(lib).filter((name) => name.startsWith('python'));
    } catch {
      continue;
    }
    for (const version of versions) out.push(join(lib, version, 'site-packages'));
  }
  return out;
}

function pythonModule(spec: string, root: string): External {
  if (spec.startsWith('.')) return 'missing';
  const top = spec.split('.')[0];
  if (PYTHON_STDLIB.has(top)) return 'available';
  const sites = sitePackages(root);
  // Without the project's environment, an import name cannot be told from a distribution name.
  if (sites.length === 0) return 'unknown';
  const found = sites.some((site) => existsSync(join(site, top)) || existsSync(join(site, `${top}.py`))
    || (() => {
      try {
        return readdirSync(site).some((name) => name.startsWith(`${top}.`) && /\.(?:so|pyd)$/.test(name));
      } catch {
        return false;
      }
    })());
  return found ? 'available' : 'missing';
}

function goPackage(spec: string, root: string, file: string): External {
  if (!spec.split('/')[0].includes('.')) return 'available';
  for (const dir of ancestors(root, file)) {
    const mod = readCached(join(dir, 'go.mod'));
    if (mod === undefined) continue;
    const requires = [...mod.matchAll(/^\s*(?:require\s+)?([\w.-]+\.[\w.-]+\/[^\s]+)\s+v[\w.+-]+/gm)].map((m) => m[1]);
    return requires.some((req) => spec === req || spec.startsWith(`${req}/`)) ? 'available' : 'missing';
  }
  return 'unknown';
}

const RUST_BUILTIN_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);

function rustCrate(spec: string, root: string, file: string): External {
  const first = spec.split('::')[0];
  if (RUST_BUILTIN_CRATES.has(first) || first === 'crate' || first === 'self' || first === 'super' || first === '') return first === 'crate' ? 'unknown' : 'available';
  for (const dir of ancestors(root, file)) {
    const cargo = readCached(join(dir, 'Cargo.toml'));
    if (cargo === undefined) continue;
    const names = new Set<string>();
    for (const section of cargo.matchAll(/^\[(?:[\w.-]*\.)?(?:dev-|build-)?dependencies\]([^[]*)/gm)) {
      for (const entry of section[1].matchAll(/^\s*([\w-]+)\s*=/gm)) names.add(entry[1].replace(/-/g, '_'));
    }
    for (const table of cargo.matchAll(/^\[(?:[\w.-]*\.)?(?:dev-|build-)?dependencies\.([\w-]+)\]/gm)) names.add(table[1].replace(/-/g, '_'));
    const own = /\[(?:package|lib)\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms.exec(cargo)?.[1]?.replace(/-/g, '_');
    return names.has(first) || first === own ? 'available' : 'missing';
  }
  return 'unknown';
}

/** What an import the project's files do not provide names, for the languages where that can be told. */
export function externalImport(language: string, spec: string, root: string, file: string): External {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return spec.startsWith('.') || spec.startsWith('/') ? 'missing' : nodePackage(spec, root, file);
    case 'python':
      return pythonModule(spec, root);
    case 'go':
      return goPackage(spec, root, file);
    case 'rust':
      return rustCrate(spec, root, file);
    default:
      return 'unknown';
  }
}
