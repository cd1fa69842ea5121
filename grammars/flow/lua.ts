// Flow profile for Lua.
import type { FlowProfile } from '../../core/flow/profile.js';
import { all } from '../../core/flow/profile.js';

export const lua: FlowProfile = {
  functions: {
    function_declaration: { body: 'body', params: 'parameters', name: 'name' },
    function_definition: { body: 'body', params: 'parameters' },
  },
  blocks: ['block', 'chunk'],
  ignore: ['empty_statement'],
  elses: { else_statement: 'body' },
  ifs: {
    if_statement: { cond: 'condition', then: 'consequence', else: 'alternative*' },
    elseif_statement: { cond: 'condition', then: 'consequence' },
  },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    repeat_statement: { cond: 'condition', body: 'body', post: true, negate: true },
    for_statement: {
      target: ['clause/name', 'clause/@variable_list'],
      iter: ['clause/@expression_list', all('clause/start', 'clause/end', 'clause/step')],
      body: 'body',
    },
  },
  switches: {},
  tries: {},
  labels: { label_statement: { label: '#0', body: () => [] } },
  jumps: {
    return_statement: { kind: 'return' },
    break_statement: { kind: 'break' },
    goto_statement: { kind: 'goto', label: '#0' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['and'], or: ['or'] },
  negations: { unary_expression: { operand: ['operand', '#0'], ops: ['not'] } },
  ternaries: {},
  parens: ['parenthesized_expression'],
  throwing: ['function_call'],
  exitCalls: ['error', 'os.exit'],
  assertCalls: ['assert'],
  data: {
    identifiers: ['identifier'],
    blockScopes: { scopes: ['block'] },
    selfNames: ['self'],
    skip: ['number', 'string', 'true', 'false', 'nil', 'vararg_expression'],
    skipFields: { dot_index_expression: ['field'], method_index_expression: ['method'], field: ['name'] },
    assign: {
      assignment_statement: { left: '@variable_list' },
      variable_declaration: { left: '@variable_list|attribute_name_list|identifier', declares: true },
    },
    update: [],
    binds: {},
    members: {
      dot_index_expression: { object: 'table' },
      bracket_index_expression: { object: 'table' },
      method_index_expression: { object: 'table' },
    },
    calls: { function_call: { callee: 'name' } },
  },
};
