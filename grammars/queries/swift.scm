; Swift. Capture vocabulary: see README.md in this folder. `extension T` is a class of kind impl
; named T, so its methods are `T.m`.

; ---- definitions
(function_declaration name: (simple_identifier) @name) @def.function
(function_declaration (parameter) @param) @def.function
(function_declaration "->" . (_) @return) @def.function
(function_declaration name: "init" @name) @def.constructor
(deinit_declaration "deinit" @name) @def.method
(protocol_function_declaration name: (simple_identifier) @name) @def.method.decl
(protocol_function_declaration (parameter) @param) @def.method.decl
(protocol_function_declaration "->" . (_) @return) @def.method.decl
(class_declaration declaration_kind: "class" name: (_) @name) @def.class
(class_declaration declaration_kind: "actor" name: (_) @name) @def.class
(class_declaration declaration_kind: "struct" name: (_) @name) @def.struct
(class_declaration declaration_kind: "enum" name: (_) @name) @def.enum
(class_declaration declaration_kind: "extension" name: (_) @name) @def.impl
(protocol_declaration name: (_) @name) @def.protocol
(typealias_declaration name: (_) @name) @def.type
; var total: Int { get {…} set {…} } / var total: Int { … }
(property_declaration name: (pattern (simple_identifier) @name) computed_value: (computed_property) @body) @def.getter
; let f = { (x: Int) -> Int in … }
(property_declaration name: (pattern (simple_identifier) @name) value: (lambda_literal) @def.arrow) @start

; ---- bases and fields
(class_declaration (inheritance_specifier inherits_from: (_) @base)) @base.of
(protocol_declaration (inheritance_specifier inherits_from: (_) @base)) @base.of
(class_body (property_declaration name: (pattern (simple_identifier) @field.name)) @field)
(class_body (property_declaration name: (pattern (simple_identifier) @field.name) (type_annotation (_) @field.type)) @field)
(class_body (property_declaration name: (pattern (simple_identifier) @field.name) value: (call_expression [(simple_identifier) (navigation_expression)] @field.call)) @field)

; ---- imports
(import_declaration) @import

; ---- calls (constructor calls look like function calls: `Foo(x: 1)`)
(call_expression [(simple_identifier) (navigation_expression)] @call.callee (call_suffix (value_arguments) @call.args)) @call
(call_expression [(simple_identifier) (navigation_expression)] @call.callee (call_suffix)) @call

; ---- bindings
(property_declaration name: (pattern (simple_identifier) @binding.name) (type_annotation (_) @binding.type)) @binding
(property_declaration
  name: (pattern (simple_identifier) @binding.name)
  value: (call_expression [(simple_identifier) (navigation_expression)] @binding.call)) @binding
(parameter name: (simple_identifier) @binding.name name: (_) @binding.type) @binding
