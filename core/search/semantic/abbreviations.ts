// Abbreviations programmers write in identifiers, spelled out so that `msg` and "message" are one
// index term. General software vocabulary, written by hand once (not fitted to any code base).

/** Abbreviation → the word it stands for (before stemming). */
export const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['msg', 'message'], ['msgs', 'messages'], ['err', 'error'], ['errs', 'errors'], ['req', 'request'], ['reqs', 'requests'],
  ['resp', 'response'], ['res', 'response'], ['ctx', 'context'], ['cfg', 'config'], ['conf', 'config'],
  ['configuration', 'config'], ['str', 'string'], ['num', 'number'], ['nums', 'numbers'], ['idx', 'index'],
  ['len', 'length'], ['cb', 'callback'], ['buf', 'buffer'], ['bufs', 'buffers'], ['arr', 'array'], ['obj', 'object'],
  ['val', 'value'], ['vals', 'values'], ['param', 'parameter'], ['params', 'parameters'], ['arg', 'argument'],
  ['args', 'arguments'], ['attr', 'attribute'], ['attrs', 'attributes'], ['elem', 'element'], ['elems', 'elements'],
  ['prev', 'previous'], ['curr', 'current'], ['cur', 'current'], ['src', 'source'], ['dst', 'destination'],
  ['dest', 'destination'], ['tmp', 'temporary'], ['temp', 'temporary'], ['dir', 'directory'], ['dirs', 'directories'],
  ['env', 'environment'], ['init', 'initialize'], ['initialise', 'initialize'], ['alloc', 'allocate'], ['addr', 'address'],
  ['conn', 'connection'], ['conns', 'connections'], ['db', 'database'], ['impl', 'implementation'], ['info', 'information'],
  ['iter', 'iterator'], ['pos', 'position'], ['ptr', 'pointer'], ['ref', 'reference'], ['refs', 'references'],
  ['sep', 'separator'], ['seq', 'sequence'], ['util', 'utility'], ['utils', 'utilities'], ['pkg', 'package'],
  ['proc', 'process'], ['spec', 'specification'], ['stmt', 'statement'], ['evt', 'event'], ['ev', 'event'],
  ['exc', 'exception'], ['hdr', 'header'], ['hdrs', 'headers'], ['lib', 'library'], ['libs', 'libraries'],
  ['lang', 'language'], ['mgr', 'manager'], ['svc', 'service'], ['srv', 'server'], ['tz', 'timezone'], ['ms', 'millisecond'],
  ['msec', 'millisecond'], ['sec', 'second'], ['secs', 'seconds'], ['id', 'identifier'], ['ids', 'identifiers'],
  ['uid', 'identifier'], ['max', 'maximum'], ['min', 'minimum'], ['avg', 'average'], ['calc', 'calculate'],
  ['cmd', 'command'], ['cmds', 'commands'], ['del', 'delete'], ['rm', 'remove'], ['mk', 'make'], ['cnt', 'count'],
  ['doc', 'document'], ['docs', 'documents'], ['fd', 'descriptor'], ['fs', 'filesystem'], ['ns', 'namespace'],
  ['ws', 'websocket'], ['auth', 'authentication'], ['authn', 'authentication'], ['authz', 'authorization'],
  ['repo', 'repository'], ['repos', 'repositories'], ['stdin', 'input'], ['stdout', 'output'], ['stderr', 'error'],
  ['async', 'asynchronous'], ['sync', 'synchronous'], ['fmt', 'format'], ['dict', 'dictionary'], ['dicts', 'dictionaries'],
  ['tbl', 'table'], ['txt', 'text'], ['btn', 'button'], ['img', 'image'], ['pic', 'picture'], ['nav', 'navigation'],
  ['dom', 'document'], ['tx', 'transaction'], ['txn', 'transaction'], ['ack', 'acknowledge'], ['dup', 'duplicate'],
  ['cap', 'capacity'], ['cpu', 'processor'], ['mem', 'memory'], ['perm', 'permission'], ['perms', 'permissions'],
  ['opt', 'option'], ['opts', 'options'], ['ver', 'version'], ['char', 'character'], ['chars', 'characters'],
  ['ch', 'character'], ['nbytes', 'bytes'], ['hostname', 'host'], ['filename', 'file'], ['filenames', 'files'],
  ['pathname', 'path'], ['dirname', 'directory'], ['username', 'user'], ['timestamp', 'time'],
]);
