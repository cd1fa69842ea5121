// V8 flags tldr sets at run time (the daemon's heap growth, baseline-only grammar code). Their
// names are those of the V8 in Node 20-24 (V8 11-13); another V8 might not know them and would
// print an error for each, so there they are left unset and V8 keeps its defaults.
import { setFlagsFromString } from 'node:v8';

const KNOWN_V8 = /^1[1-3]\./;

/** Whether this process's V8 is one whose flags tldr knows. */
export function knownV8(): boolean {
  return KNOWN_V8.test(process.versions.v8);
}

/** Sets `flag` (e.g. `--liftoff-only`) when this V8 is one tldr knows; says whether it did. */
export function setKnownV8Flag(flag: string): boolean {
  // V8 rejects a code cache made after a flag changed: the build's run that makes the CLI's
  // (cli/bundle-loader.cts) keeps the flags it started with, as a CLI process has when it loads it.
  if (!knownV8() || process.env.TLDR_CODE_CACHE_TRAINING === '1') return false;
  setFlagsFromString(flag);
  return true;
}
