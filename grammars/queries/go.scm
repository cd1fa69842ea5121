; Go. Capture vocabulary: see README.md in this folder.

; ---- definitions
(function_declaration name: (identifier) @name result: (_)? @return) @def.function
; func (s *Server) Serve(…): method Server.Serve, attached to type Server when it is in the file
(method_declaration
  receiver: (parameter_list
    (parameter_declaration type: [
      (type_identifier) @receiver
      (pointer_type (type_identifier) @receiver)
      (generic_type type: (type_identifier) @receiver)
      (pointer_type (generic_type type: (type_identifier) @receiver))]))
  name: (field_identifier) @name
  result: (_)? @return) @def.method
(type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @def.struct
; the signature ends before the first member: `type Handler interface`
(type_spec name: (type_identifier) @name type: (interface_type . (_)? @body)) @def.interface
(type_spec name: (type_identifier) @name type: [(type_identifier) (qualified_type) (generic_type) (function_type) (map_type) (slice_type) (array_type) (pointer_type) (channel_type)]) @def.type
(method_spec name: (field_identifier) @name result: (_)? @return) @def.method.decl
; var f = func(…) {…}
(var_spec name: (identifier) @name value: (expression_list . (func_literal) @def.arrow .)) @start
(short_var_declaration left: (expression_list . (identifier) @name .) right: (expression_list . (func_literal) @def.arrow .)) @start

; ---- bases (embedded types) and fields
(type_spec type: (struct_type (field_declaration_list (field_declaration !name type: (_) @base)))) @base.of
(type_spec type: (interface_type (constraint_elem (_) @base))) @base.of
(field_declaration name: (field_identifier) @field.name type: (_) @field.type) @field

; ---- imports
(import_spec) @import

; ---- calls
(call_expression function: (_) @call.callee arguments: (_) @call.args) @call

; ---- bindings
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (call_expression function: (_) @binding.call))) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . [
    (composite_literal type: (_) @binding.new)
    (unary_expression operand: (composite_literal type: (_) @binding.new))])) @binding
(var_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
; ctx, cancel := f(): every name after the first is a local too (its value is not read)
(short_var_declaration left: (expression_list (_) (identifier) @binding.name) @binding.local) @binding
; x, err := f(): each name after the first is that result of f (err its second)
(short_var_declaration
  left: (expression_list (_) (identifier) @binding.name) @binding.results
  right: (expression_list . (call_expression function: (_) @binding.call) .)) @binding
; x := m[k], x, ok := m[k]: a value of the map (an element of the slice)
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (index_expression) @binding.from .)) @binding
; for _, x := range xs: an element of the slice (a value of the map)
(range_clause
  left: (expression_list (_) . (identifier) @binding.name .)
  right: (_) @binding.each) @binding
; x := v.(T), x, ok := v.(T): x is a T
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (type_assertion_expression type: (_) @binding.type))) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name .)
  right: (expression_list . [(identifier) (selector_expression)] @binding.from .)) @binding
(var_spec
  name: (identifier) @binding.name
  value: (expression_list . (call_expression function: (_) @binding.call))) @binding
(parameter_list (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)
