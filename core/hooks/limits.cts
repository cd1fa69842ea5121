// Limits the hook fast path (CommonJS, no dependencies) and the runtime share.

/** Hook inputs larger than this are not read: the answer is `{}` (a 20 MB paste must not stall the agent). */
export const MAX_HOOK_INPUT_BYTES = 1024 * 1024;

/**
 * How long `tldr hook` waits for the daemon's answer before printing `{}`: above every hook's
 * budget (≤ 1.5 s), below the timeout Claude Code is given for it (≥ 5 s), so that a daemon too
 * busy to answer never holds a tool call for long.
 */
export const HOOK_REPLY_TIMEOUT_MS = 3000;
