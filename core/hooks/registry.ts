// Hook name → behaviour. The runtime (both transports) looks behaviours up here; a hook without
// one answers `{}`.
import type { HookName, HookRun } from './contract.js';

const RUNS: Partial<Record<HookName, HookRun>> = {};

export function hookRun(name: HookName): HookRun | undefined {
  return RUNS[name];
}
