// Flow profile for C; C++ extends it (cpp.ts).
import type { FlowProfile, Selector } from '../../core/flow/profile.js';
import { childByField, type SNode } from '../../core/flow/syntax.js';

/** The parameter list inside a (possibly pointer-wrapped) function declarator. */
export const declaratorParams: Selector = (fn) => {
  let d: SNode | undefined = childByField(fn, 'declarator');
  while (d && d.type !== 'function_declarator' && d.type !== 'abstract_function_declarator') d = childByField(d, 'declarator');
  return d ? childByField(d, 'parameters') : undefined;
};

const hasToken = (token: string) => (node: SNode): boolean => node.children.some((c) => !c.named && c.type === token);

export const c: FlowProfile = {
  functions: { function_definition: { body: 'body', params: declaratorParams } },
  blocks: ['compound_statement', 'translation_unit'],
  wrappers: ['expression_statement'],
  elses: { else_clause: '#0' },
  ifs: { if_statement: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    do_statement: { cond: 'condition', body: 'body', post: true },
    for_statement: { init: 'initializer', cond: 'condition', update: 'update', body: 'body' },
  },
  switches: {
    switch_statement: {
      value: 'condition',
      cases: 'body/@case_statement*',
      case: { case_statement: { tests: 'value', body: '~*' } },
      fallthrough: true,
    },
  },
  tries: {},
  labels: { labeled_statement: { label: 'label', body: '~' } },
  jumps: {
    return_statement: { kind: 'return' },
    break_statement: { kind: 'break' },
    continue_statement: { kind: 'continue' },
    goto_statement: { kind: 'goto', label: 'label' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: { unary_expression: { operand: 'argument', ops: ['!'] } },
  ternaries: { conditional_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: ['parenthesized_expression'],
  throwing: ['call_expression'],
  exitCalls: ['exit', 'abort', '_Exit', 'quick_exit', 'longjmp'],
  assertCalls: ['assert'],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['compound_statement', 'for_statement', 'for_range_loop', 'catch_clause'] },
    skip: [
      'field_identifier', 'type_identifier', 'primitive_type', 'sized_type_specifier', 'statement_identifier',
      'number_literal', 'string_literal', 'char_literal', 'concatenated_string', 'true', 'false', 'null',
      'type_descriptor', 'storage_class_specifier', 'type_qualifier', 'preproc_arg',
    ],
    skipFields: { '*': ['type'], field_expression: ['field'], array_declarator: ['size'] },
    assign: {
      assignment_expression: { left: 'left' },
      init_declarator: { left: 'declarator', declares: true },
      declaration: { left: 'declarator*', declares: true },
    },
    update: ['update_expression'],
    binds: {},
    members: {
      field_expression: { object: 'argument' },
      subscript_expression: { object: 'argument' },
      pointer_expression: { object: 'argument', when: hasToken('*') },
    },
    calls: { call_expression: { callee: 'function' } },
    addressOf: { pointer_expression: { operand: 'argument', when: hasToken('&') } },
  },
};
