// Flow profile for Python.
import type { FlowProfile } from '../../core/flow/profile.js';

export const python: FlowProfile = {
  functions: {
    function_definition: { body: 'body', params: 'parameters', name: 'name' },
    lambda: { body: 'body', params: 'parameters' },
  },
  blocks: ['block', 'module'],
  ignore: ['pass_statement', 'global_statement', 'nonlocal_statement', 'future_import_statement'],
  wrappers: ['expression_statement'],
  elses: { else_clause: 'body' },
  ifs: {
    if_statement: { cond: 'condition', then: 'consequence', else: 'alternative*' },
    elif_clause: { cond: 'condition', then: 'consequence' },
  },
  loops: {
    while_statement: { cond: 'condition', body: 'body', else: 'alternative/body' },
    for_statement: { target: 'left', iter: 'right', body: 'body', else: 'alternative/body' },
  },
  switches: {
    match_statement: {
      value: 'subject',
      cases: ['body/@case_clause*', '@case_clause*'],
      case: { case_clause: { tests: '@case_pattern*', guard: 'guard', body: 'consequence', bind: true, default: ['_'] } },
    },
  },
  tries: {
    try_statement: {
      body: 'body',
      handlers: '@except_clause|except_group_clause*',
      handler: {
        except_clause: { param: ['alias', '@as_pattern/alias'], types: ['value', '~block'], body: '@block' },
        except_group_clause: { param: ['alias', '@as_pattern/alias'], types: ['value', '~block'], body: '@block' },
      },
      else: '@else_clause/body',
      finally: '@finally_clause/@block',
    },
  },
  withs: { with_statement: { items: '@with_clause', body: 'body' } },
  jumps: {
    return_statement: { kind: 'return' },
    raise_statement: { kind: 'throw' },
    break_statement: { kind: 'break' },
    continue_statement: { kind: 'continue' },
  },
  logical: { boolean_operator: { left: 'left', right: 'right' } },
  shortCircuit: { and: ['and'], or: ['or'] },
  negations: { not_operator: { operand: 'argument', ops: ['not'] } },
  ternaries: { conditional_expression: { cond: '#1', then: '#0', else: '#2' } },
  parens: ['parenthesized_expression'],
  throwing: ['call', 'subscript', 'attribute', 'raise_statement', 'await'],
  exitCalls: ['sys.exit', 'os._exit'],
  assertStatements: ['assert_statement'],
  yields: ['yield'],
  awaits: ['await'],
  data: {
    identifiers: ['identifier'],
    selfNames: ['self', 'cls'],
    skip: ['integer', 'float', 'true', 'false', 'none', 'type', 'escape_sequence', 'string_start', 'string_end', 'string_content'],
    skipFields: {
      '*': ['type', 'return_type', 'type_parameters'],
      attribute: ['attribute'],
      keyword_argument: ['name'],
      import_from_statement: ['module_name'],
    },
    assign: {
      assignment: { left: 'left', declares: true },
      augmented_assignment: { left: 'left', augmented: true },
      named_expression: { left: 'name', declares: true },
      default_parameter: { left: 'name', declares: true },
      typed_default_parameter: { left: 'name', declares: true },
      class_definition: { left: 'name', declares: true },
      import_statement: { left: 'name*', declares: true },
      import_from_statement: { left: 'name*', declares: true },
      aliased_import: { left: 'alias', declares: true },
    },
    update: [],
    binds: { as_pattern: 'alias', for_in_clause: 'left' },
    members: { attribute: { object: 'object' }, subscript: { object: 'value' } },
    calls: { call: { callee: 'function' } },
    scopes: ['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression'],
    nonlocals: ['nonlocal_statement', 'global_statement'],
    constantPattern: (name) => /^[A-Z]/.test(name),
  },
};
