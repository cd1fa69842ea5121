// `node dist/bench/search-eval/run.js [--split tune|tune2|heldout|generality|java|unseen|unseen2] [--verbose] [--params JSON]`: scores the
// semantic tier on the question set (default: every split), per split, with each question's rank.
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import { DEFAULT_PARAMS } from '../../core/search/semantic/rank.js';
import { buildCorpus, evaluateCorpus, loadQuestions, score, type Question, type QuestionResult } from './evaluate.js';

const args = process.argv.slice(2);
const split = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined;
const verbose = args.includes('--verbose');
// `--params '{"bridge":0.2}'`: ranking parameters other than the defaults, for measuring them.
if (args.includes('--params')) Object.assign(DEFAULT_PARAMS, JSON.parse(args[args.indexOf('--params') + 1]));
const questions = loadQuestions().filter((q) => split === undefined || q.split === split);
const results: QuestionResult[] = [];
for (const corpus of ['tree', 'go', 'rust', 'java', 'go2', 'babel', 'pydeps'] as Question['corpus'][]) {
  const mine = questions.filter((q) => q.corpus === corpus);
  if (mine.length === 0) continue;
  const built = buildCorpus(corpus);
  if (!built) {
    console.log(`${corpus}: code not on this machine, ${mine.length} questions skipped`);
    continue;
  }
  try {
    results.push(...(await evaluateCorpus(built.root, mine)));
  } finally {
    built.cleanup();
  }
}
await closeExtractPool();
const round = (value: number) => value.toFixed(3);
for (const name of [...new Set(results.map((r) => r.question.split))]) {
  const part = results.filter((r) => r.question.split === name);
  const s = score(part);
  console.log(`${name}: ${s.questions} questions  MRR@10 ${round(s.mrr10)}  recall@5 ${round(s.recall5)}   floor (BM25 over bodies) MRR@10 ${round(s.floorMrr10)}  recall@5 ${round(s.floorRecall5)}`);
  if (!verbose) continue;
  for (const r of part) {
    console.log(`  ${String(r.rank || '-').padStart(2)} (floor ${String(r.floorRank || '-').padStart(2)})  ${r.question.q}`);
    if (r.rank !== 1) console.log(`        want ${r.question.answers.map((a) => a[1]).join(' | ')}; got ${r.top.slice(0, 3).join(', ')}`);
  }
}
