// The default depth of caller searches, apart from the impact query itself: the CLI's option
// parsing needs the number, and importing impact.ts would load the whole call graph at start-up.
export const DEFAULT_IMPACT_DEPTH = 3;
