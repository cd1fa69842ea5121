; C, and the part of C++ that shares C's node types. Capture vocabulary: see README.md here.
; Declarators nest (`char **f(…)`): the patterns follow up to two pointer levels.

; ---- definitions
(function_definition
  type: (_)? @return
  declarator: [
    (function_declarator declarator: (identifier) @name parameters: (_) @params)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @params))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @params)))
  ]) @def.function
; prototypes at file level and in `extern "C" {…}` / namespace bodies
(translation_unit
  (declaration
    type: (_) @return
    declarator: [
      (function_declarator declarator: (identifier) @name parameters: (_) @params)
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @params))
    ]) @def.function.decl)
(declaration_list
  (declaration
    type: (_) @return
    declarator: [
      (function_declarator declarator: (identifier) @name parameters: (_) @params)
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (_) @params))
    ]) @def.function.decl)
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.struct
(enum_specifier name: (type_identifier) @name body: (_)) @def.enum
; typedef struct {…} T;
(type_definition type: [(struct_specifier !name body: (_)) (union_specifier !name body: (_))] @def.struct declarator: (type_identifier) @name) @start
(type_definition type: (enum_specifier !name body: (_)) @def.enum declarator: (type_identifier) @name) @start

; ---- fields
(field_declaration type: (_) @field.type declarator: [(field_identifier) @field.name (pointer_declarator declarator: (field_identifier) @field.name) (array_declarator declarator: (field_identifier) @field.name)]) @field

; ---- imports
(preproc_include) @import

; ---- calls
(call_expression function: (_) @call.callee arguments: (argument_list) @call.args) @call

; ---- bindings
(declaration type: (_) @binding.type declarator: [
  (identifier) @binding.name
  (init_declarator declarator: (identifier) @binding.name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @binding.name))
  (pointer_declarator declarator: (identifier) @binding.name)]) @binding
(parameter_declaration type: (_) @binding.type declarator: [
  (identifier) @binding.name
  (pointer_declarator declarator: (identifier) @binding.name)]) @binding
