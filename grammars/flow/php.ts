// Flow profile for PHP.
import type { FlowProfile, FunctionSpec } from '../../core/flow/profile.js';

const fn: FunctionSpec = { body: 'body', params: 'parameters', name: 'name' };

export const php: FlowProfile = {
  functions: {
    function_definition: fn,
    method_declaration: fn,
    anonymous_function: { body: 'body', params: 'parameters' },
    anonymous_function_creation_expression: { body: 'body', params: 'parameters' },
    arrow_function: { body: 'body', params: 'parameters' },
  },
  blocks: ['compound_statement', 'program', 'colon_block'],
  ignore: ['php_tag', 'text_interpolation', 'empty_statement', 'text'],
  wrappers: ['expression_statement'],
  elses: { else_clause: 'body' },
  ifs: {
    if_statement: { cond: 'condition', then: 'body', else: 'alternative*' },
    else_if_clause: { cond: 'condition', then: 'body' },
  },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    do_statement: { cond: 'condition', body: 'body', post: true },
    for_statement: { init: ['initialize*', 'initializer*'], cond: 'condition', update: ['update*', 'increment*'], body: 'body' },
    foreach_statement: { iter: '#0', target: '#1', body: 'body' },
  },
  switches: {
    switch_statement: {
      value: 'condition',
      cases: 'body/@case_statement|default_statement*',
      case: { case_statement: { tests: 'value', body: '~*' }, default_statement: { body: '~*' } },
      fallthrough: true,
    },
    match_expression: {
      value: 'condition',
      cases: 'body/@match_conditional_expression|match_default_expression*',
      case: {
        match_conditional_expression: { tests: 'conditional_expressions', body: 'return_expression' },
        match_default_expression: { body: 'return_expression' },
      },
    },
  },
  tries: {
    try_statement: {
      body: 'body',
      handlers: '@catch_clause*',
      handler: { catch_clause: { param: 'name', types: 'type', body: 'body' } },
      finally: '@finally_clause/body',
    },
  },
  jumps: {
    return_statement: { kind: 'return' },
    throw_expression: { kind: 'throw' },
    break_statement: { kind: 'break', levels: '#0' },
    continue_statement: { kind: 'continue', levels: '#0' },
    goto_statement: { kind: 'goto', label: '#0' },
  },
  labels: { named_label_statement: { label: '#0', body: () => [] } },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&', 'and'], or: ['||', 'or'], nullish: ['??'] },
  negations: { unary_op_expression: { operand: '#0', ops: ['!'] } },
  ternaries: { conditional_expression: { cond: 'condition', then: 'body', else: 'alternative' } },
  parens: ['parenthesized_expression'],
  throwing: ['function_call_expression', 'member_call_expression', 'scoped_call_expression', 'nullsafe_member_call_expression', 'object_creation_expression', 'throw_expression'],
  exitCalls: ['exit', 'die'],
  assertCalls: ['assert'],
  switchIsLoop: true,
  data: {
    identifiers: ['variable_name'],
    selfNames: ['$this'],
    skip: ['name', 'integer', 'float', 'string', 'boolean', 'null', 'named_type', 'primitive_type', 'optional_type', 'union_type', 'php_tag', 'attribute_list'],
    skipFields: { '*': ['type', 'return_type'], member_access_expression: ['name'], member_call_expression: ['name'] },
    assign: {
      assignment_expression: { left: 'left', declares: true },
      reference_assignment_expression: { left: 'left', declares: true },
      augmented_assignment_expression: { left: 'left', augmented: true },
      simple_parameter: { left: 'name', declares: true },
    },
    update: ['update_expression'],
    binds: {},
    members: {
      member_access_expression: { object: 'object' },
      nullsafe_member_access_expression: { object: 'object' },
      subscript_expression: { object: '#0' },
    },
    calls: {
      function_call_expression: { callee: 'function' },
      member_call_expression: { callee: 'name', receiver: 'object' },
      nullsafe_member_call_expression: { callee: 'name', receiver: 'object' },
    },
  },
};
