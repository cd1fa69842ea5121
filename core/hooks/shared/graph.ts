// The call graph for a behaviour, only once the daemon has built it: a hook never waits seconds
// for a build (it answers `{}` meanwhile, DESIGN §5).
import type { CallGraph } from '../../graph/call-graph.js';
import { callGraphFor } from '../../graph/for-index.js';
import type { HookServices } from '../contract.js';

export async function readyGraph(services: HookServices): Promise<CallGraph | undefined> {
  const ready = services.readiness();
  if (!ready.index || !ready.callGraph) return undefined;
  return callGraphFor(await services.index());
}
