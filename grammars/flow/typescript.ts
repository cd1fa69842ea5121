// Flow profile for TypeScript and TSX: JavaScript's, plus typed parameters and type-only syntax.
import type { FlowProfile } from '../../core/flow/profile.js';
import { javascript } from './javascript.js';

const typeOnly = [
  'type_annotation', 'type_arguments', 'type_parameters', 'type_identifier', 'predefined_type',
  'interface_declaration', 'type_alias_declaration', 'enum_declaration',
];

export const typescript: FlowProfile = {
  ...javascript,
  data: {
    ...javascript.data,
    skip: [...javascript.data.skip, ...typeOnly],
    assign: { ...javascript.data.assign, abstract_class_declaration: { left: 'name', declares: true } },
  },
};
