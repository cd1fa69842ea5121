// Flow profile for Go.
import type { FlowProfile } from '../../core/flow/profile.js';
import { all } from '../../core/flow/profile.js';
import type { SNode } from '../../core/flow/syntax.js';

const funcSpec = { body: 'body', params: all('receiver', 'parameters', 'result'), name: 'name', results: 'result' };
const isOperator = (op: string) => (node: SNode): boolean => node.children.some((c) => !c.named && c.type === op);

export const go: FlowProfile = {
  functions: {
    function_declaration: funcSpec,
    method_declaration: funcSpec,
    func_literal: { body: 'body', params: all('parameters', 'result'), results: 'result' },
  },
  blocks: ['block', 'statement_list'],
  ignore: ['empty_statement'],
  wrappers: ['expression_statement'],
  ifs: { if_statement: { init: 'initializer', cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    for_statement: {
      init: '@for_clause/initializer',
      cond: ['@for_clause/condition', 'condition', '~for_clause|range_clause'],
      update: '@for_clause/update',
      target: '@range_clause/left',
      iter: '@range_clause/right',
      body: 'body',
    },
  },
  switches: {
    expression_switch_statement: {
      init: 'initializer',
      value: 'value',
      cases: '@expression_case|default_case*',
      case: { expression_case: { tests: 'value', body: '~*' }, default_case: { body: '~*' } },
    },
    type_switch_statement: {
      init: 'initializer',
      value: 'value',
      bind: 'alias',
      cases: '@type_case|default_case*',
      case: { type_case: { tests: 'type*', body: '~*' }, default_case: { body: '~*' } },
    },
    select_statement: {
      cases: '@communication_case|default_case*',
      case: { communication_case: { tests: 'communication', body: '~*' }, default_case: { body: '~*' } },
    },
  },
  tries: {},
  labels: { labeled_statement: { label: 'label', body: '~' } },
  jumps: {
    return_statement: { kind: 'return' },
    break_statement: { kind: 'break', label: '@label_name' },
    continue_statement: { kind: 'continue', label: '@label_name' },
    goto_statement: { kind: 'goto', label: '@label_name' },
    fallthrough_statement: { kind: 'fallthrough' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'] },
  negations: { unary_expression: { operand: 'operand', ops: ['!'] } },
  ternaries: {},
  parens: ['parenthesized_expression'],
  throwing: ['call_expression'],
  exitCalls: ['panic', 'os.Exit', 'log.Fatal', 'log.Fatalf', 'log.Fatalln', 'log.Panic', 'log.Panicf'],
  defers: ['defer_statement'],
  data: {
    identifiers: ['identifier'],
    blockScopes: {
      scopes: ['block', 'if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'expression_case', 'type_case', 'communication_case', 'default_case'],
    },
    skip: [
      'field_identifier', 'package_identifier', 'type_identifier', 'label_name', 'int_literal', 'float_literal',
      'imaginary_literal', 'interpreted_string_literal', 'raw_string_literal', 'rune_literal', 'type_arguments',
      'nil', 'true', 'false', 'iota',
    ],
    skipFields: { '*': ['type', 'type_parameters', 'type_arguments'], selector_expression: ['field'] },
    assign: {
      assignment_statement: { left: 'left' },
      short_var_declaration: { left: 'left', declares: true },
      var_spec: { left: 'name*', declares: true },
      const_spec: { left: 'name*', declares: true },
      receive_statement: { left: 'left', declares: true },
    },
    update: ['inc_statement', 'dec_statement'],
    binds: {},
    members: {
      selector_expression: { object: 'operand' },
      index_expression: { object: 'operand' },
      unary_expression: { object: 'operand', when: isOperator('*') },
    },
    calls: { call_expression: { callee: 'function' } },
    addressOf: { unary_expression: { operand: 'operand', when: isOperator('&') } },
  },
};
