// Flow profile for Java.
import type { FlowProfile, SwitchSpec, TrySpec } from '../../core/flow/profile.js';

const switchSpec: SwitchSpec = {
  value: 'condition',
  cases: 'body/@switch_block_statement_group|switch_rule*',
  case: {
    switch_block_statement_group: { tests: '@switch_label*', body: '~switch_label*', default: ['default'] },
    switch_rule: { tests: '@switch_label*', body: '~switch_label*', default: ['default'], fallthrough: false },
  },
  fallthrough: true,
};

const trySpec: TrySpec = {
  body: 'body',
  resources: 'resources',
  handlers: '@catch_clause*',
  handler: {
    catch_clause: { param: '@catch_formal_parameter/name', types: '@catch_formal_parameter/@catch_type', body: 'body' },
  },
  finally: '@finally_clause/@block',
};

export const java: FlowProfile = {
  functions: {
    method_declaration: { body: 'body', params: 'parameters', name: 'name' },
    constructor_declaration: { body: 'body', params: 'parameters' },
    compact_constructor_declaration: { body: 'body' },
    lambda_expression: { body: 'body', params: 'parameters' },
  },
  blocks: ['block', 'constructor_body', 'program'],
  wrappers: ['expression_statement'],
  ifs: { if_statement: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    do_statement: { cond: 'condition', body: 'body', post: true },
    for_statement: { init: 'init*', cond: 'condition', update: 'update*', body: 'body' },
    enhanced_for_statement: { target: 'name', iter: 'value', body: 'body' },
  },
  switches: { switch_expression: switchSpec, switch_statement: switchSpec },
  tries: { try_statement: trySpec, try_with_resources_statement: trySpec },
  withs: { synchronized_statement: { items: '~block', body: 'body' } },
  labels: { labeled_statement: { label: '@identifier', body: '~identifier' } },
  jumps: {
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    break_statement: { kind: 'break', label: '@identifier' },
    continue_statement: { kind: 'continue', label: '@identifier' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: { unary_expression: { operand: 'operand', ops: ['!'] } },
  ternaries: { ternary_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: ['parenthesized_expression'],
  throwing: ['method_invocation', 'object_creation_expression', 'throw_statement', 'array_access', 'explicit_constructor_invocation', 'cast_expression'],
  exitCalls: ['System.exit'],
  assertStatements: ['assert_statement'],
  // The JDK's and Guava's argument checks, qualified or statically imported.
  assertCalls: [
    'Objects.requireNonNull', 'requireNonNull', 'Preconditions.checkArgument', 'checkArgument',
    'Preconditions.checkState', 'checkState', 'Preconditions.checkNotNull', 'checkNotNull',
  ],
  yields: [],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['block', 'for_statement', 'enhanced_for_statement', 'catch_clause', 'switch_block', 'try_with_resources_statement'] },
    selfTypes: ['this'],
    skip: [
      'type_identifier', 'scoped_type_identifier', 'generic_type', 'array_type', 'integral_type', 'floating_point_type',
      'boolean_type', 'void_type', 'type_arguments', 'type_parameters', 'annotation', 'marker_annotation', 'modifiers',
      'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal',
      'decimal_floating_point_literal', 'string_literal', 'character_literal', 'true', 'false', 'null_literal',
      'dimensions', 'catch_type', 'class_literal',
    ],
    skipFields: { '*': ['type', 'type_arguments', 'type_parameters', 'dimensions'], field_access: ['field'], method_invocation: ['name'] },
    assign: {
      assignment_expression: { left: 'left' },
      variable_declarator: { left: 'name', declares: true },
      resource: { left: 'name', declares: true },
    },
    update: ['update_expression'],
    binds: { instanceof_expression: 'name' },
    members: { field_access: { object: 'object' }, array_access: { object: 'array' } },
    calls: {
      method_invocation: { callee: 'name', receiver: 'object' },
      object_creation_expression: { callee: 'type' },
    },
  },
};
