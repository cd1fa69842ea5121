// Flow profile for C++: C's, plus exceptions, range-for, lambdas and `this`.
import type { FlowProfile } from '../../core/flow/profile.js';
import { c, declaratorParams } from './c.js';

export const cpp: FlowProfile = {
  ...c,
  functions: {
    function_definition: { body: 'body', params: declaratorParams },
    lambda_expression: { body: 'body', params: declaratorParams },
  },
  loops: { ...c.loops, for_range_loop: { target: 'declarator', iter: 'right', body: 'body' } },
  tries: {
    try_statement: {
      body: 'body',
      handlers: '@catch_clause*',
      handler: { catch_clause: { param: 'parameters', types: 'parameters/@parameter_declaration', body: 'body' } },
    },
  },
  jumps: { ...c.jumps, throw_statement: { kind: 'throw' } },
  throwing: ['call_expression', 'new_expression', 'throw_statement'],
  data: {
    ...c.data,
    selfTypes: ['this'],
    skip: [...c.data.skip, 'namespace_identifier', 'qualified_identifier', 'template_argument_list', 'auto', 'placeholder_type_specifier', 'lambda_capture_specifier'],
    skipFields: { ...c.data.skipFields, '*': ['type', 'captures'] },
    calls: { ...c.data.calls, new_expression: { callee: 'type' } },
  },
};
