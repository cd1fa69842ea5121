// Flow profile for Rust.
import type { FlowProfile } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

const hasToken = (token: string) => (node: SNode): boolean => node.children.some((c) => c.type === token);

/** Bindings declared `mut` (`let mut x`, `mut x` patterns, `&mut self`): only these can change in place. */
function mutableNames(fn: SNode, text: (node: SNode) => string): Set<string> {
  const names = new Set<string>();
  const identifiers = (node: SNode): void => {
    if (node.type === 'identifier' || node.type === 'self') names.add(text(node));
    else if (node.field !== 'type') for (const child of node.children) identifiers(child);
  };
  const visit = (node: SNode): void => {
    const mut = node.children.some((c) => c.type === 'mutable_specifier');
    if (node.type === 'mut_pattern') {
      identifiers(node);
    } else if (mut && node.type === 'let_declaration') {
      for (const c of node.children) if (c.field === 'pattern') identifiers(c);
    } else if (mut && node.type === 'self_parameter') {
      names.add('self');
    }
    for (const child of node.children) visit(child);
  };
  visit(fn);
  return names;
}

export const rust: FlowProfile = {
  functions: {
    function_item: { body: 'body', params: 'parameters', name: 'name' },
    closure_expression: { body: 'body', params: 'parameters' },
  },
  blocks: ['block', 'source_file'],
  ignore: ['empty_statement', 'attribute_item', 'inner_attribute_item'],
  wrappers: ['expression_statement'],
  elses: { else_clause: '#0' },
  ifs: {
    if_expression: { cond: 'condition', then: 'consequence', else: 'alternative' },
    if_let_expression: { cond: 'value', bind: 'pattern', then: 'consequence', else: 'alternative' },
  },
  loops: {
    while_expression: { cond: 'condition', body: 'body', label: '@loop_label' },
    while_let_expression: { cond: 'value', bind: 'pattern', body: 'body', label: '@loop_label' },
    loop_expression: { body: 'body', label: '@loop_label' },
    for_expression: { target: 'pattern', iter: 'value', body: 'body', label: '@loop_label' },
  },
  switches: {
    match_expression: {
      value: 'value',
      cases: 'body/@match_arm*',
      case: { match_arm: { tests: 'pattern', guard: 'pattern/condition', body: 'value', bind: true, default: ['_'] } },
    },
  },
  tries: {},
  jumps: {
    return_expression: { kind: 'return' },
    break_expression: { kind: 'break', label: '@loop_label' },
    continue_expression: { kind: 'continue', label: '@loop_label' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: { unary_expression: { operand: '#0', ops: ['!'] } },
  ternaries: {},
  parens: ['parenthesized_expression'],
  throwing: [],
  exitCalls: ['panic', 'unreachable', 'todo', 'unimplemented', 'std::process::exit', 'process::exit'],
  assertCalls: ['assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne'],
  earlyReturns: ['try_expression'],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['block', 'match_arm', 'for_expression', 'if_let_expression', 'while_let_expression'] },
    selfTypes: ['self'],
    skip: [
      'field_identifier', 'type_identifier', 'primitive_type', 'lifetime', 'integer_literal', 'float_literal',
      'string_literal', 'raw_string_literal', 'char_literal', 'boolean_literal', 'attribute_item', 'loop_label',
      'mutable_specifier', 'scoped_identifier', 'scoped_type_identifier', 'generic_type', 'type_arguments',
    ],
    skipFields: {
      '*': ['type', 'return_type', 'type_arguments', 'type_parameters'],
      field_expression: ['field'],
      match_pattern: ['condition'],
    },
    assign: {
      assignment_expression: { left: 'left' },
      compound_assignment_expr: { left: 'left', augmented: true },
      let_declaration: { left: 'pattern', declares: true },
    },
    update: [],
    binds: { let_condition: 'pattern' },
    members: {
      field_expression: { object: 'value' },
      index_expression: { object: '#0' },
      unary_expression: { object: '#0', when: hasToken('*') },
    },
    calls: { call_expression: { callee: 'function' }, macro_invocation: { callee: 'macro' } },
    addressOf: { reference_expression: { operand: 'value', when: (node) => node.children.some((c) => c.type === 'mutable_specifier') } },
    mutableNames,
    constantPattern: (name) => /^[A-Z]/.test(name),
  },
};
