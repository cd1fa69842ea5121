// Flow profile for JavaScript; TypeScript and TSX extend it (typescript.ts).
import type { FlowProfile, FunctionSpec } from '../../core/flow/profile.js';

const named: FunctionSpec = { body: 'body', params: 'parameters', name: 'name' };

export const javascript: FlowProfile = {
  functions: {
    function_declaration: named,
    function_expression: named,
    function: named,
    generator_function_declaration: named,
    generator_function: named,
    arrow_function: { body: 'body', params: 'parameters', param: 'parameter' },
    method_definition: { body: 'body', params: 'parameters' },
  },
  blocks: ['statement_block', 'program'],
  ignore: ['empty_statement'],
  wrappers: ['expression_statement'],
  elses: { else_clause: '#0' },
  ifs: { if_statement: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  loops: {
    while_statement: { cond: 'condition', body: 'body' },
    do_statement: { cond: 'condition', body: 'body', post: true },
    for_statement: { init: 'initializer', cond: 'condition/#0', update: 'increment*', body: 'body' },
    for_in_statement: { target: 'left', iter: 'right', body: 'body' },
  },
  switches: {
    switch_statement: {
      value: 'value',
      cases: 'body/@switch_case|switch_default*',
      case: { switch_case: { tests: 'value', body: 'body*' }, switch_default: { body: 'body*' } },
      fallthrough: true,
    },
  },
  tries: {
    try_statement: {
      body: 'body',
      handlers: 'handler',
      handler: { catch_clause: { param: 'parameter', body: 'body' } },
      finally: 'finalizer/body',
    },
  },
  labels: { labeled_statement: { label: 'label', body: 'body' } },
  jumps: {
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    break_statement: { kind: 'break', label: 'label' },
    continue_statement: { kind: 'continue', label: 'label' },
  },
  logical: { binary_expression: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['&&'], or: ['||'], nullish: ['??'] },
  negations: { unary_expression: { operand: 'argument', ops: ['!'] } },
  ternaries: { ternary_expression: { cond: 'condition', then: 'consequence', else: 'alternative' } },
  parens: ['parenthesized_expression'],
  throwing: ['call_expression', 'new_expression', 'await_expression', 'throw_statement'],
  exitCalls: ['process.exit'],
  // Node's assert module (and chai's assert) throw when the check fails.
  assertCalls: [
    'assert', 'assert.ok', 'assert.equal', 'assert.strictEqual', 'assert.deepEqual', 'assert.deepStrictEqual',
    'assert.notEqual', 'assert.notStrictEqual', 'assert.notDeepStrictEqual', 'assert.match',
  ],
  yields: ['yield_expression'],
  awaits: ['await_expression'],
  data: {
    identifiers: ['identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern'],
    blockScopes: { scopes: ['statement_block', 'for_statement', 'for_in_statement', 'catch_clause', 'switch_body'], functionScoped: ['variable_declaration'] },
    selfTypes: ['this'],
    skip: ['property_identifier', 'private_property_identifier', 'statement_identifier', 'number', 'regex', 'string_fragment'],
    skipFields: { '*': ['type', 'return_type', 'type_parameters', 'type_arguments'], member_expression: ['property'] },
    assign: {
      assignment_expression: { left: 'left' },
      augmented_assignment_expression: { left: 'left', augmented: true },
      variable_declarator: { left: 'name', declares: true },
      assignment_pattern: { left: 'left', declares: true },
      object_assignment_pattern: { left: 'left', declares: true },
      class_declaration: { left: 'name', declares: true },
    },
    update: ['update_expression'],
    binds: {},
    members: { member_expression: { object: 'object' }, subscript_expression: { object: 'object' } },
    calls: { call_expression: { callee: 'function' }, new_expression: { callee: 'constructor' } },
  },
};
