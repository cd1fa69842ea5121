// Flow profile for Ruby.
import type { FlowProfile, TrySpec } from '../../core/flow/profile.js';

const rescued: TrySpec = {
  body: '~rescue|else|ensure*',
  handlers: '@rescue*',
  handler: { rescue: { param: 'variable', types: 'exceptions', body: 'body' } },
  else: '@else',
  finally: '@ensure',
};

export const ruby: FlowProfile = {
  functions: {
    method: { body: 'body', params: 'parameters', name: 'name' },
    singleton_method: { body: 'body', params: 'parameters', name: 'name' },
    lambda: { body: 'body', params: 'parameters' },
    block: { body: 'body', params: 'parameters' },
    do_block: { body: 'body', params: 'parameters' },
  },
  blocks: ['body_statement', 'block_body', 'then', 'else', 'do', 'ensure', 'program', 'parenthesized_statements', 'begin_block', 'end_block'],
  ifs: {
    if: { cond: 'condition', then: 'consequence', else: 'alternative' },
    elsif: { cond: 'condition', then: 'consequence', else: 'alternative' },
    unless: { cond: 'condition', then: 'consequence', else: 'alternative', negate: true },
    if_modifier: { cond: 'condition', then: 'body' },
    unless_modifier: { cond: 'condition', then: 'body', negate: true },
  },
  loops: {
    while: { cond: 'condition', body: 'body' },
    until: { cond: 'condition', body: 'body', negate: true },
    while_modifier: { cond: 'condition', body: 'body' },
    until_modifier: { cond: 'condition', body: 'body', negate: true },
    for: { target: 'pattern', iter: 'value', body: 'body' },
  },
  switches: {
    case: {
      value: 'value',
      cases: '@when|else*',
      case: { when: { tests: 'pattern*', body: 'body' }, else: { body: '~*' } },
    },
    case_match: {
      value: 'value',
      cases: '@in_clause|else*',
      case: { in_clause: { tests: 'pattern', guard: 'guard', body: 'body', bind: true }, else: { body: '~*' } },
    },
  },
  tries: { begin: rescued, body_statement: rescued },
  jumps: {
    return: { kind: 'return' },
    break: { kind: 'break' },
    next: { kind: 'continue' },
  },
  logical: { binary: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&', 'and'], or: ['||', 'or'] },
  negations: { unary: { operand: 'operand', ops: ['!', 'not'] } },
  ternaries: { conditional: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: ['parenthesized_statements'],
  throwing: ['call', 'element_reference'],
  exitCalls: ['raise', 'fail', 'exit', 'abort'],
  data: {
    identifiers: ['identifier', 'instance_variable', 'class_variable', 'global_variable'],
    selfTypes: ['self'],
    skip: ['constant', 'integer', 'float', 'string_content', 'simple_symbol', 'hash_key_symbol', 'true', 'false', 'nil', 'comment'],
    skipFields: { call: ['method'] },
    assign: {
      assignment: { left: 'left', declares: true },
      operator_assignment: { left: 'left', augmented: true },
      optional_parameter: { left: 'name', declares: true },
      keyword_parameter: { left: 'name', declares: true },
    },
    update: [],
    binds: {},
    members: { call: { object: 'receiver' }, element_reference: { object: 'object' } },
    calls: { call: { callee: 'method', receiver: 'receiver' } },
  },
};
