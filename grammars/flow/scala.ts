// Flow profile for Scala.
import type { FlowProfile, SwitchSpec } from '../../core/flow/profile.js';

const cases: SwitchSpec['case'] = {
  case_clause: { tests: 'pattern', guard: 'guard', body: 'body*', bind: true, default: ['_'] },
};

export const scala: FlowProfile = {
  functions: {
    function_definition: { body: 'body', params: 'parameters*', name: 'name' },
    lambda_expression: { body: '#-1', params: 'parameters' },
  },
  blocks: ['block', 'template_body', 'compilation_unit'],
  ifs: { if_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    while_expression: { cond: 'condition', body: 'body' },
    do_while_expression: { cond: 'condition', body: 'body', post: true },
    for_expression: { header: 'enumerators', body: 'body' },
  },
  switches: {
    match_expression: { value: 'value', cases: 'body/@case_clause*', case: cases },
    case_block: { cases: '@case_clause*', case: cases },
  },
  tries: {
    try_expression: {
      body: 'body',
      handlers: '@catch_clause*',
      handler: { catch_clause: { types: '#0', body: '#0' } },
      finally: '@finally_clause/#0',
    },
  },
  jumps: {
    return_expression: { kind: 'return' },
    throw_expression: { kind: 'throw' },
  },
  logical: { infix_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: { prefix_expression: { operand: '#0', ops: ['!'] } },
  ternaries: {},
  parens: ['parenthesized_expression'],
  throwing: ['call_expression', 'instance_expression', 'throw_expression'],
  exitCalls: ['sys.exit', 'System.exit', '???'],
  assertCalls: ['assert', 'assume', 'require'],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['block', 'case_clause', 'for_expression'] },
    selfTypes: ['this'],
    skip: [
      'type_identifier', 'generic_type', 'compound_type', 'function_type', 'tuple_type', 'type_arguments',
      'integer_literal', 'floating_point_literal', 'boolean_literal', 'character_literal', 'null_literal',
      'operator_identifier', 'wildcard', 'annotation', 'modifiers',
    ],
    skipFields: { '*': ['type', 'return_type', 'type_parameters'], field_expression: ['field'], infix_expression: ['operator'] },
    assign: {
      assignment_expression: { left: 'left' },
      val_definition: { left: 'pattern', declares: true },
      var_definition: { left: 'pattern', declares: true },
      infix_expression: {
        left: 'left',
        augmented: true,
        when: (node, text) => {
          const op = node.children.find((c) => c.field === 'operator');
          return op !== undefined && /^[^=<>!]+=$/.test(text(op));
        },
      },
    },
    update: [],
    binds: { enumerator: '#0' },
    members: { field_expression: { object: 'value' } },
    calls: { call_expression: { callee: 'function' } },
    constantPattern: (name) => /^[A-Z]/.test(name),
  },
};

