// Run in a fresh thread by query-snapshots.test.ts: compiles one query (through the snapshots of
// TLDR_CACHE_DIR), runs it over a snippet and reports its captures and how the query was made.
import { parentPort, workerData } from 'node:worker_threads';

const { compileQuery, parseSource } = await import('../../dist/core/parse/parser.js');
const { querySnapshotCounts } = await import('../../dist/core/parse/query-snapshots.js');
const query = await compileQuery('python', 'snapshot-test', () => workerData.query);
const tree = await parseSource('python', workerData.source);
const captures = query.captures(tree.rootNode).map(({ name, node }) => `${name} ${node.type} ${node.startIndex}-${node.endIndex} ${node.text}`);
tree.delete();
parentPort.postMessage({ captures, counts: querySnapshotCounts() });
