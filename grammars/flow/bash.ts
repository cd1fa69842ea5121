// Flow profile for Bash. break/continue/return/exit are ordinary commands in this grammar.
import type { FlowProfile, JumpKind } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

const commandJumps: Record<string, JumpKind> = { break: 'break', continue: 'continue', return: 'return', exit: 'throw' };

export const bash: FlowProfile = {
  functions: { function_definition: { body: 'body', name: 'name' } },
  blocks: ['compound_statement', 'do_group', 'program', 'subshell'],
  elses: { else_clause: '~*' },
  ifs: {
    if_statement: { cond: 'condition*', then: '~elif_clause|else_clause*', else: '@elif_clause|else_clause*' },
    elif_clause: {
      cond: ['condition*', '#0'],
      then: (node: SNode) => {
        const named = node.children.filter((c) => c.named && c.field === null);
        return node.children.some((c) => c.field === 'condition') ? named : named.slice(1);
      },
    },
  },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    for_statement: { target: 'variable', iter: 'value*', body: 'body' },
    c_style_for_statement: { init: 'initializer', cond: 'condition', update: 'update', body: 'body' },
  },
  switches: {
    case_statement: {
      value: 'value',
      cases: '@case_item*',
      case: { case_item: { tests: 'value*', body: '~*', default: ['*'] } },
    },
  },
  tries: {},
  jumps: {
    command: {
      kind: (node, text) => {
        const name = node.children.find((c) => c.field === 'name');
        return name ? commandJumps[text(name)] : undefined;
      },
      levels: 'argument',
    },
  },
  logical: { list: { left: '#0', right: '#1' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: {},
  ternaries: { ternary_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: [],
  throwing: ['command'],
  data: {
    identifiers: ['variable_name'],
    skip: ['command_name', 'number', 'test_operator', 'extglob_pattern', 'regex', 'raw_string', 'ansi_c_string'],
    skipFields: {},
    assign: { variable_assignment: { left: 'name', declares: true } },
    update: ['postfix_expression', 'unary_expression'],
    binds: { declaration_command: '@variable_name*', read_command: '@variable_name*' },
    members: { subscript: { object: 'name' } },
    calls: {},
  },
};
