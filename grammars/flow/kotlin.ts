// Flow profile for Kotlin. The grammar has few field names, so most selectors go by child type.
import type { FlowProfile, JumpKind } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

const jumpKinds: Record<string, JumpKind> = {
  'return': 'return', 'return@': 'return', 'throw': 'throw',
  'break': 'break', 'break@': 'break', 'continue': 'continue', 'continue@': 'continue',
};

const hasSuffix = (node: SNode): boolean => node.children.some((c) => c.type === 'navigation_suffix' || c.type === 'indexing_suffix');

export const kotlin: FlowProfile = {
  functions: {
    function_declaration: { body: '@function_body', params: '@function_value_parameters', name: '@simple_identifier' },
    anonymous_function: { body: '@function_body', params: '@function_value_parameters' },
    lambda_literal: { body: '@statements', params: '@lambda_parameters' },
    secondary_constructor: { body: '@block', params: '@function_value_parameters' },
    getter: { body: '@function_body' },
    setter: { body: '@function_body', params: '@parameter_with_optional_type' },
  },
  blocks: ['function_body', 'statements', 'control_structure_body', 'block'],
  labelSiblings: ['label'],
  ifs: { if_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    for_statement: {
      target: '@variable_declaration|multi_variable_declaration',
      iter: '~variable_declaration|multi_variable_declaration|control_structure_body|annotation',
      body: '@control_structure_body',
    },
    while_statement: { cond: '~control_structure_body', body: '@control_structure_body' },
    do_while_statement: { cond: '~control_structure_body', body: '@control_structure_body', post: true },
  },
  switches: {
    when_expression: {
      value: '@when_subject',
      cases: '@when_entry*',
      case: { when_entry: { tests: '@when_condition*', body: '@control_structure_body', default: ['else'] } },
    },
  },
  tries: {
    try_expression: {
      body: '@statements',
      handlers: '@catch_block*',
      handler: { catch_block: { param: '@simple_identifier', types: '@user_type', body: '@statements' } },
      finally: '@finally_block/@statements',
    },
  },
  jumps: {
    jump_expression: {
      kind: (node) => {
        const token = node.children.find((c) => !c.named);
        return token ? jumpKinds[token.type] : undefined;
      },
      label: '@label',
    },
  },
  logical: {
    conjunction_expression: { left: '#0', right: '#1' },
    disjunction_expression: { left: '#0', right: '#1' },
    elvis_expression: { left: '#0', right: '#1' },
  },
  shortCircuit: { and: ['&&'], or: ['||'], nullish: ['?:'] },
  negations: { prefix_expression: { operand: '#-1', ops: ['!'] } },
  ternaries: {},
  parens: ['parenthesized_expression'],
  throwing: ['call_expression', 'indexing_expression'],
  exitCalls: ['error', 'TODO', 'exitProcess'],
  assertCalls: ['require', 'requireNotNull', 'check', 'checkNotNull', 'assert'],
  data: {
    identifiers: ['simple_identifier'],
    blockScopes: { scopes: ['control_structure_body', 'for_statement', 'catch_block'] },
    selfTypes: ['this_expression'],
    skip: [
      'navigation_suffix', 'type_identifier', 'user_type', 'nullable_type', 'type_arguments', 'type_parameters',
      'integer_literal', 'long_literal', 'real_literal', 'boolean_literal', 'null_literal', 'character_literal',
      'label', 'binding_pattern_kind', 'modifiers', 'parameter_modifiers', 'annotation', 'type_constraints',
    ],
    skipFields: {},
    assign: {
      assignment: { left: '@directly_assignable_expression' },
      property_declaration: { left: '@variable_declaration|multi_variable_declaration', declares: true },
    },
    update: ['postfix_expression', 'prefix_expression'],
    binds: {},
    members: {
      directly_assignable_expression: { object: '#0', when: hasSuffix },
      navigation_expression: { object: '#0' },
      indexing_expression: { object: '#0' },
    },
    calls: { call_expression: { callee: '#0' } },
  },
};
