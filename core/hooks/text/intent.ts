// What a sub-agent is asked to do, read off its prompt, and so which analysis serves it (the
// context-hooks seed): debugging → call graph + control flow, where a value comes from → data
// flow, what affects a line → program dependences (the slice's graph), an outline → structure,
// planning/design → architecture, anything else → the call graph.

export type Intent = 'debug' | 'dataflow' | 'slice' | 'structure' | 'arch' | 'default';

/** Planning, design and project-structure wording (arch-inject answers these). */
export const ARCHITECTURE_PROMPT =
  /\b(?:plan|planning|design\w*|architect\w*|refactor\w*|restructur\w*|re-?organi[sz]\w*|layer(?:s|ing)?|module boundar\w*|dependency direction|split (?:up |out )?(?:the |this )?(?:module|package|service|monolith)\w*|where should .{1,40} (?:go|live|be placed))\b/i;

const RULES: Array<[Intent, RegExp]> = [
  ['slice', /\b(?:what (?:affects|influences|changes)|depends? on|impact of|affected by|slice)\b/i],
  ['dataflow', /\b(?:where (?:does|do|did) .{1,60}? (?:come from|get (?:set|assigned|its value))|comes? from|data ?flow|flows? (?:into|through|from)|(?:is|gets) (?:assigned|set|mutated|modified))\b/i],
  ['debug', /\b(?:debug\w*|investigat\w*|trac(?:e|es|ing)|why (?:does|do|did|is|are|was|isn't|doesn't)|bugs?|buggy|crash\w*|fails|failing|broken|regression)\b/i],
  ['structure', /\b(?:show (?:the |me )?(?:structure|outline)|list (?:all |the )?(?:functions|methods|classes|definitions)|outline|what (?:functions|methods|classes) (?:does|are))\b/i],
  ['arch', ARCHITECTURE_PROMPT],
];

export function detectIntent(prompt: string): Intent {
  for (const [intent, rule] of RULES) if (rule.test(prompt)) return intent;
  return 'default';
}
