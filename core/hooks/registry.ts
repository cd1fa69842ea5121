// Hook name → behaviour. The runtime (both transports) looks behaviours up here; a hook without
// one answers `{}`.
import type { HookName, HookRun } from './contract.js';
import { archInject } from './arch-inject.js';
import { editInject } from './edit-inject.js';
import { editRecovery } from './edit-recovery.js';
import { editNotify } from './edit-notify.js';
import { impactRefactor } from './impact-refactor.js';
import { importValidator } from './import-validator.js';
import { postEditDiagnostics } from './post-edit-diagnostics.js';
import { readEnforcer } from './read-enforcer.js';
import { searchRouter } from './search-router.js';
import { sessionStart } from './session-start.js';
import { signatureHelper } from './signature-helper.js';
import { subagentStart } from './subagent-start.js';
import { tldrInject } from './tldr-inject.js';
import { transcriptSafeguard } from './transcript-safeguard.js';

const RUNS: Partial<Record<HookName, HookRun>> = {
  'session-start': sessionStart,
  'read-enforcer': readEnforcer,
  'search-router': searchRouter,
  'edit-notify': editNotify,
  'impact-refactor': impactRefactor,
  'tldr-inject': tldrInject,
  'arch-inject': archInject,
  'subagent-start': subagentStart,
  'signature-helper': signatureHelper,
  'edit-inject': editInject,
  'import-validator': importValidator,
  'post-edit-diagnostics': postEditDiagnostics,
  'edit-recovery': editRecovery,
  'transcript-safeguard': transcriptSafeguard,
};

export function hookRun(name: HookName): HookRun | undefined {
  return RUNS[name];
}
