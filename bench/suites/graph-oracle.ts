// The call graph's accuracy against type checkers on real third-party code: direct callers of a
// deterministic sample of definitions compared with the TypeScript language service (rxjs's
// TypeScript sources) and pyright (python3 standard-library packages). Precision and recall are
// call sites (`file:line`), micro-averaged. Each checker is compared under its own notion of a
// caller: the TypeScript service counts calls to any method of an override family, pyright only
// calls resolved to the method itself — which is also what `impact` reports by default for each
// language (see core/graph/callers.ts).
import { PYTHON_MODULES, prepareTypeScriptProject, preparePythonProject, removeProject, runOracle, type OracleProject, type OracleRun } from '../oracle/run.js';
import type { BenchSuite, Metric } from '../suite.js';

const SAMPLE = 300;
const TARGET = { precision: 0.9, f1: 0.9 };

function metricsOf(label: string, run: OracleRun, mode: 'family' | 'abstract'): Metric[] {
  const report = run.reports[mode];
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return [
    { name: `${label}: definitions compared (of ${report.sampled} sampled)`, value: report.answered, unit: `defs in ${run.project.source}` },
    { name: `${label}: call sites (ours / checker / agreed)`, value: report.agreed, unit: `of ${report.ours} / ${report.reference}` },
    { name: `${label}: precision`, value: round(report.precision), unit: 'ratio', min: TARGET.precision },
    { name: `${label}: recall`, value: round(report.recall), unit: 'ratio' },
    { name: `${label}: F1`, value: round(report.f1), unit: 'ratio', min: TARGET.f1 },
    { name: `${label}: checker time`, value: Math.round(run.oracleMs), unit: 'ms' },
  ];
}

export const suite: BenchSuite = {
  name: 'graph-oracle',
  async metrics(): Promise<Metric[]> {
    const out: Metric[] = [];
    const projects: OracleProject[] = [];
    try {
      const ts = prepareTypeScriptProject();
      projects.push(ts);
      out.push(...metricsOf('TypeScript vs TS language service', await runOracle(ts, SAMPLE, 1), 'family'));
      const py = preparePythonProject(PYTHON_MODULES.full);
      if (py) {
        projects.push(py);
        out.push(...metricsOf('Python vs pyright', await runOracle(py, SAMPLE, 1), 'abstract'));
      }
    } finally {
      for (const project of projects) removeProject(project);
    }
    return out;
  },
};
