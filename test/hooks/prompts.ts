// Prompts written the way people write to Claude Code and to its sub-agents, for testing the
// finding of symbols in free text against rxjs's sources — a symbol table full of English words
// (map, filter, take, first, last, delay, retry, timeout, share, find, every, count, window…).

/** Prose that names no code: nothing in it may be taken for a symbol. */
export const PROSE_PROMPTS = [
  'Find the first place where we retry the request and add a timeout to it',
  'Can you take a look at why the tests are failing and fix them?',
  'Map out the architecture of this project and tell me which modules depend on which',
  'Please filter out the noise and share the last error with me',
  'Every time I run the build it fails, find out why',
  'Count how many files there are and give me the max and min size',
  'Delay the release until we have a plan for the window of downtime',
  'Refactor the code so that it is easier to test; start with the smallest change',
  'Debug why the app crashes on startup and trace the error to its source',
  'Where does the value of the config come from?',
  'What affects the result of this computation? Show me the data flow.',
  'Plan a design for splitting the monolith into services',
  'Rename the variables to something more readable',
  'Move the helpers into a separate folder and update the imports',
  'Delete dead code and inline trivial wrappers',
  'Extract the repeated logic into one place',
  'Explain how the scheduler works, from the top',
  'Investigate the memory leak: when do we subscribe and never unsubscribe?',
  'Buffer the events and throttle the output, then merge the streams',
  'Review the pull request and list the risks',
  'Implement pagination for the list endpoint',
  'Write tests for the parser, covering empty input and errors',
  'Search the codebase for usages of deprecated APIs',
  'Summarize what changed in the last commit',
  'The observer pattern is used everywhere here; explain it to me',
  'Is there any race between the two timers? Check the order of operations.',
  'Run the linter and fix what it reports',
  'Scan the repo for secrets and report them',
  'Add logging to the error path so we can see what failed',
  'Optimize the hot loop; measure before and after',
  'Group the results by type, then reduce them to a single report',
  'Audit the concurrency: which operations can happen at the same time?',
  'Check whether the connection is closed when the subscriber completes',
  'Switch the default to the faster option and note it in the changelog',
  'Compare the old and new behaviour and tell me if anything breaks',
  'From now on, use tabs. Also, pipe the output into a file.',
  'Use the tool to find what calls it and then decide',
  'Wrap up the work: summarise, then list next steps.',
  'Should we defer the loading, or start it eagerly? Weigh both.',
  'Is the zip of the build artifacts still generated on release?',
];

/** Prompts that name code, and the symbols that must be found (in order). */
export const NAMING_PROMPTS: Array<[string, string[]]> = [
  ['Rename `mergeMap` to `flatMapAll` everywhere', ['mergeMap']],
  ['Why does `retry` not reset its counter after a success?', ['retry']],
  ['Explain how Observable.subscribe reaches _trySubscribe', ['Observable.subscribe', '_trySubscribe']],
  ['The bug is in mergeInternals; trace how it is called from mergeMap()', ['mergeInternals', 'mergeMap']],
  ['Refactor createOperatorSubscriber so it takes an options object', ['createOperatorSubscriber']],
  ['What calls isFunction() and could it be inlined?', ['isFunction']],
  ['Debug timeout(): the `TimeoutError` is thrown too early', ['timeout', 'TimeoutError']],
  ['Move the take operator into its own package', ['take']],
  ['Where does the value that reaches `Subscriber.next` come from?', ['Subscriber.next']],
  ['In src/internal/operators/filter.ts, what does the filter function do with its index?', ['filter']],
  ['Look at how the Subscriber class handles errors', ['Subscriber']],
  ['Please inline the `identity` helper', ['identity']],
  ['Is `Subscription::unsubscribe` safe to call twice?', ['Subscription.unsubscribe']],
  ['Trace `this.destination.next(value)` back to its source', ['destination.next']],
  ['Delete executeSchedule and replace its callers', ['executeSchedule']],
];

/** Against Python's json and http packages (load, dump, decode, encode, request, send, close…). */
export const PYTHON_PROSE_PROMPTS = [
  'Decode the payload, load it into memory and dump the result to a file',
  'Send the request again if the server closes the connection',
  'Encode the response body before we write it',
  'Parse the headers and get the cookie value',
  'Handle the error and retry the request with a new connection',
  'Check the status of the response and read the body',
  'Serve the files from the current directory',
  'Make the server log every request it handles',
];

export const PYTHON_NAMING_PROMPTS: Array<[string, string[]]> = [
  ['Why does `json.loads` accept bytes but `JSONDecoder.decode` does not?', ['json.loads', 'JSONDecoder.decode']],
  ['Trace how py_scanstring handles escapes', ['py_scanstring']],
  ['Refactor HTTPConnection.request to take a timeout', ['HTTPConnection.request']],
  ['What calls _get_hostport()?', ['_get_hostport']],
  ['Look at the send method of HTTPConnection and the SimpleHTTPRequestHandler class', ['send', 'HTTPConnection', 'SimpleHTTPRequestHandler']],
];
