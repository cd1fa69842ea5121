// One call graph per ProjectIndex, built on first use and kept current: the index's change
// events patch it, and every read first asks the index for fresh records (which re-checks files
// marked dirty and emits their changes) so no answer comes from a stale record. A change to a
// build config file (tsconfig, package.json, go.mod, Cargo.toml) rebuilds it.
import type { FileChange, ProjectIndex } from '../index/project-index.js';
import { CallGraph } from './call-graph.js';
import { configChanged, loadProjectConfig } from './project-config.js';

interface Holder {
  graph: CallGraph;
  unsubscribe: () => void;
}

const holders = new WeakMap<ProjectIndex, Promise<Holder>>();

/**
 * Builds in slices so that other queries run meanwhile; changes the index reports before the
 * build is done are applied once it is.
 */
async function build(index: ProjectIndex): Promise<Holder> {
  const records = await index.records();
  const missed: FileChange[] = [];
  let graph: CallGraph | undefined;
  const unsubscribe = index.onChange((changes) => (graph ? graph.apply(changes) : missed.push(...changes)));
  try {
    graph = await CallGraph.buildInSlices(records, index.root, loadProjectConfig(index.root, records.keys()));
  } catch (error) {
    unsubscribe();
    throw error;
  }
  if (missed.length > 0) graph.apply(missed);
  return { graph, unsubscribe };
}

/** Starts building the graph unless it is built or building (the daemon, once its index is loaded). */
export async function prepareCallGraph(index: ProjectIndex): Promise<void> {
  await holderFor(index);
}

function holderFor(index: ProjectIndex): Promise<Holder> {
  let pending = holders.get(index);
  if (!pending) {
    pending = build(index);
    holders.set(index, pending);
    pending.catch(() => holders.delete(index));
  }
  return pending;
}

/** The project's call graph, fresh as of this call. */
export async function callGraphFor(index: ProjectIndex): Promise<CallGraph> {
  const holder = await holderFor(index);
  // Files marked changed while the graph was built or since are re-read; their changes patch it.
  await index.records();
  if (configChanged(index.root, holder.graph.config)) {
    holder.unsubscribe();
    const rebuilt = build(index);
    holders.set(index, rebuilt);
    return (await rebuilt).graph;
  }
  return holder.graph;
}
