// Flow profile for Swift.
import type { FlowProfile, JumpKind, Selector } from '../../core/flow/profile.js';
import { after } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

/** Conditions of an if/guard/while, without the bare `let`/`var` binding markers. */
const conditions: Selector = (node) => node.children.filter((c) => c.field === 'condition' && c.named && c.type !== 'value_binding_pattern');

const jumpKinds: Record<string, JumpKind> = {
  return: 'return', break: 'break', continue: 'continue', throw_keyword: 'throw', fallthrough: 'fallthrough',
};

const subscript = (node: SNode): boolean =>
  node.children.some((c) => c.type === 'call_suffix' && c.children.some((a) => a.type === 'value_arguments' && a.children[0]?.type === '['));

export const swift: FlowProfile = {
  functions: {
    function_declaration: { body: 'body', param: '@parameter*', name: 'name' },
    init_declaration: { body: 'body', param: '@parameter*' },
    lambda_literal: { body: '@statements', params: 'type/@lambda_function_type_parameters' },
    computed_property: { body: '@statements' },
    computed_getter: { body: '@statements' },
    computed_setter: { body: '@statements', param: '@simple_identifier' },
    deinit_declaration: { body: 'body' },
  },
  blocks: ['statements', 'function_body'],
  labelSiblings: ['statement_label'],
  ifs: {
    if_statement: { cond: conditions, bind: 'bound_identifier*', then: '@statements', else: after('else') },
    guard_statement: { cond: conditions, bind: 'bound_identifier*', else: '@statements' },
  },
  loops: {
    for_statement: { target: 'item', iter: 'collection', body: '@statements' },
    while_statement: { cond: conditions, bind: 'bound_identifier*', body: '@statements' },
    repeat_while_statement: { cond: conditions, body: '@statements', post: true },
  },
  switches: {
    switch_statement: {
      value: 'expr',
      cases: '@switch_entry*',
      case: { switch_entry: { tests: '@switch_pattern*', body: '@statements', bind: true, default: ['default_keyword'] } },
    },
  },
  tries: {
    do_statement: {
      body: '@statements',
      handlers: '@catch_block*',
      handler: { catch_block: { param: 'error', types: 'error', body: '@statements' } },
    },
  },
  jumps: {
    control_transfer_statement: {
      kind: (node) => {
        const first = node.children[0];
        return first ? jumpKinds[first.type] : undefined;
      },
      label: (node) => (node.children[0]?.type === 'break' || node.children[0]?.type === 'continue' ? node.children.find((c) => c.field === 'result') : undefined),
    },
  },
  logical: {
    conjunction_expression: { left: 'lhs', right: 'rhs' },
    disjunction_expression: { left: 'lhs', right: 'rhs' },
    nil_coalescing_expression: { left: 'value', right: 'if_nil' },
  },
  shortCircuit: { and: ['&&'], or: ['||'], nullish: ['??'] },
  negations: { prefix_expression: { operand: 'target', ops: ['!'] } },
  ternaries: { ternary_expression: { cond: 'condition', then: 'if_true', else: 'if_false' } },
  parens: [],
  throwing: ['call_expression', 'try_expression'],
  exitCalls: ['fatalError', 'preconditionFailure', 'exit'],
  assertCalls: ['precondition', 'assert'],
  data: {
    identifiers: ['simple_identifier'],
    blockScopes: { scopes: ['statements', 'for_statement', 'catch_block', 'switch_entry'] },
    selfTypes: ['self_expression'],
    skip: [
      'navigation_suffix', 'type_identifier', 'user_type', 'optional_type', 'array_type', 'dictionary_type',
      'integer_literal', 'real_literal', 'boolean_literal', 'value_binding_pattern', 'where_keyword',
      'statement_label', 'default_keyword', 'throw_keyword', 'catch_keyword', 'type_annotation', 'modifiers',
    ],
    skipFields: { '*': ['type'], parameter: ['external_name'], value_argument: ['name'] },
    assign: {
      assignment: { left: 'target' },
      property_declaration: { left: 'name*', declares: true },
    },
    update: [],
    binds: {},
    members: { navigation_expression: { object: 'target' }, call_expression: { object: '#0', when: subscript } },
    calls: { call_expression: { callee: '#0' } },
    constantPattern: (name) => /^[A-Z]/.test(name),
  },
};
