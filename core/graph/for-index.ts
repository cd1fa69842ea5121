// One call graph per ProjectIndex, built on first use and kept current: the index's change
// events patch it, and every read first asks the index for fresh records (which re-checks files
// marked dirty and emits their changes) so no answer comes from a stale record. A change to a
// build config file (tsconfig, package.json, go.mod, Cargo.toml) rebuilds it.
import type { ProjectIndex } from '../index/project-index.js';
import { CallGraph } from './call-graph.js';
import { configChanged, loadProjectConfig } from './project-config.js';

interface Holder {
  graph: CallGraph;
  unsubscribe: () => void;
}

const holders = new WeakMap<ProjectIndex, Promise<Holder>>();

async function build(index: ProjectIndex): Promise<Holder> {
  const records = await index.records();
  const graph = CallGraph.build(records, index.root, loadProjectConfig(index.root, records.keys()));
  const unsubscribe = index.onChange((changes) => graph.apply(changes));
  return { graph, unsubscribe };
}

/** The project's call graph, fresh as of this call. */
export async function callGraphFor(index: ProjectIndex): Promise<CallGraph> {
  let pending = holders.get(index);
  if (!pending) {
    pending = build(index);
    holders.set(index, pending);
    pending.catch(() => holders.delete(index));
    return (await pending).graph;
  }
  const holder = await pending;
  await index.records();
  if (configChanged(index.root, holder.graph.config)) {
    holder.unsubscribe();
    const rebuilt = build(index);
    holders.set(index, rebuilt);
    return (await rebuilt).graph;
  }
  return holder.graph;
}
