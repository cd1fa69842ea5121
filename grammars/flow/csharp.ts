// Flow profile for C#.
import type { FlowProfile, FunctionSpec } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

const method: FunctionSpec = { body: 'body', params: 'parameters', name: 'name' };
const hasToken = (...tokens: string[]) => (node: SNode): boolean => node.children.some((c) => !c.named && tokens.includes(c.type));

export const csharp: FlowProfile = {
  functions: {
    method_declaration: method,
    constructor_declaration: { body: 'body', params: 'parameters' },
    local_function_statement: method,
    lambda_expression: { body: 'body', params: 'parameters', param: '@identifier' },
    anonymous_method_expression: { body: '@block', params: '@parameter_list' },
    accessor_declaration: { body: ['body', '@block'] },
  },
  blocks: ['block'],
  ignore: ['empty_statement'],
  wrappers: ['expression_statement'],
  ifs: { if_statement: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    while_statement: { cond: ['condition', '#0'], body: ['body', '#-1'] },
    do_statement: { cond: ['condition', '#-1'], body: ['body', '#0'], post: true },
    for_statement: { init: 'initializer*', cond: 'condition', update: 'update*', body: 'body' },
    for_each_statement: { target: 'left', iter: 'right', body: 'body' },
  },
  switches: {
    switch_statement: {
      value: 'value',
      cases: 'body/@switch_section*',
      case: {
        switch_section: {
          tests: '@case_switch_label|case_pattern_switch_label*',
          body: '~case_switch_label|case_pattern_switch_label|default_switch_label*',
          default: ['default_switch_label'],
        },
      },
      fallthrough: true,
    },
    switch_expression: {
      value: '#0',
      cases: '@switch_expression_arm*',
      case: { switch_expression_arm: { tests: '#0', guard: '@when_clause', body: '#-1', bind: true, default: ['discard'] } },
    },
  },
  tries: {
    try_statement: {
      body: 'body',
      handlers: '@catch_clause*',
      handler: {
        catch_clause: { param: '@catch_declaration/name', types: '@catch_declaration/type', guard: '@catch_filter_clause', body: 'body' },
      },
      finally: '@finally_clause/@block',
    },
  },
  withs: {
    using_statement: { items: '~block', body: 'body' },
    lock_statement: { items: '~block', body: 'body' },
    fixed_statement: { items: '~block', body: 'body' },
  },
  labels: { labeled_statement: { label: '@identifier', body: '~identifier' } },
  jumps: {
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    throw_expression: { kind: 'throw' },
    break_statement: { kind: 'break' },
    continue_statement: { kind: 'continue' },
    goto_statement: { kind: 'goto', label: '#0' },
    yield_statement: { kind: (node, text) => (/^yield\s+break/.test(text(node)) ? 'return' : undefined) },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'], nullish: ['??'] },
  negations: { prefix_unary_expression: { operand: '#0', ops: ['!'] } },
  ternaries: { conditional_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: ['parenthesized_expression'],
  throwing: ['invocation_expression', 'object_creation_expression', 'throw_statement', 'throw_expression', 'element_access_expression', 'await_expression', 'cast_expression'],
  exitCalls: ['Environment.Exit', 'Environment.FailFast'],
  assertCalls: [
    'Debug.Assert', 'Trace.Assert', 'ArgumentNullException.ThrowIfNull', 'ArgumentException.ThrowIfNullOrEmpty',
    'ArgumentException.ThrowIfNullOrWhiteSpace', 'ObjectDisposedException.ThrowIf',
  ],
  yields: ['yield_statement'],
  awaits: ['await_expression'],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['block', 'for_statement', 'for_each_statement', 'using_statement', 'catch_clause', 'switch_body'] },
    selfTypes: ['this_expression', 'this'],
    skip: [
      'predefined_type', 'implicit_type', 'array_type', 'nullable_type', 'generic_name', 'qualified_name',
      'type_argument_list', 'attribute_list', 'integer_literal', 'real_literal', 'string_literal', 'character_literal',
      'boolean_literal', 'null_literal', 'verbatim_string_literal', 'parameter_modifier', 'modifier',
    ],
    skipFields: { '*': ['type', 'returns'], member_access_expression: ['name'], catch_declaration: ['type'] },
    assign: {
      assignment_expression: { left: 'left' },
      variable_declarator: { left: ['name', '@identifier|tuple_pattern'], declares: true },
      declaration_expression: { left: 'name', declares: true },
    },
    update: ['postfix_unary_expression', 'prefix_unary_expression'],
    binds: { is_pattern_expression: 'pattern' },
    members: { member_access_expression: { object: 'expression' }, element_access_expression: { object: 'expression' } },
    calls: { invocation_expression: { callee: 'function' }, object_creation_expression: { callee: 'type' } },
    addressOf: { argument: { operand: '#0', when: hasToken('out', 'ref') } },
  },
};
