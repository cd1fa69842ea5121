// Limits the hook fast path (CommonJS, no dependencies) and the runtime share.

/** Hook inputs larger than this are not read: the answer is `{}` (a 20 MB paste must not stall the agent). */
export const MAX_HOOK_INPUT_BYTES = 1024 * 1024;
