// Accuracy floors against type checkers on real third-party code (a fixed, deterministic sample;
// the full measurement is `tldr bench --suite graph-oracle`). Direct callers of sampled
// definitions, compared as call sites with the TypeScript language service on rxjs's sources and
// with pyright on python3 standard-library packages.
import { afterAll, describe, expect, it } from 'vitest';
import { PYTHON_MODULES, prepareTypeScriptProject, preparePythonProject, removeProject, runOracle, type OracleProject } from '../../dist/bench/oracle/run.js';

const projects: OracleProject[] = [];
afterAll(() => {
  for (const project of projects) removeProject(project);
});

describe('call graph vs type checkers', () => {
  it('TypeScript (rxjs src) vs the TypeScript language service', async () => {
    const project = prepareTypeScriptProject();
    projects.push(project);
    const { reports } = await runOracle(project, 80, 7);
    const report = reports.family.definition;
    expect(report.answered).toBeGreaterThanOrEqual(70);
    expect(report.reference).toBeGreaterThan(100);
    expect(report.precision).toBeGreaterThanOrEqual(0.95);
    expect(report.recall).toBeGreaterThanOrEqual(0.9);
    expect(report.f1).toBeGreaterThanOrEqual(0.93);
  });

  it('Python (stdlib json, logging, argparse, configparser, textwrap) vs pyright', async () => {
    const project = preparePythonProject(PYTHON_MODULES.small);
    expect(project, 'python3 with its standard library is part of this machine kind').toBeDefined();
    projects.push(project!);
    const { reports } = await runOracle(project!, 60, 7);
    const report = reports.abstract.definition;
    expect(report.answered).toBeGreaterThanOrEqual(50);
    expect(report.reference).toBeGreaterThan(40);
    expect(report.precision).toBeGreaterThanOrEqual(0.95);
    expect(report.recall).toBeGreaterThanOrEqual(0.8);
  }, 180_000);
});
