; Kotlin (this grammar has almost no fields: patterns match children by type). Capture
; vocabulary: see README.md in this folder. Companion objects are transparent, so their members
; read as `Class.member`, the way Kotlin code calls them.

; ---- definitions
(function_declaration (simple_identifier) @name) @def.function
(function_declaration (function_value_parameters (parameter) @param)) @def.function
(function_declaration (function_value_parameters) . [(user_type) (nullable_type) (function_type) (parenthesized_type)] @return) @def.function
(function_declaration (function_body) @body) @def.function
(secondary_constructor) @def.constructor
(secondary_constructor (function_value_parameters (parameter) @param)) @def.constructor
(class_declaration (type_identifier) @name) @def.class
(class_declaration (type_identifier) @name [(class_body) (enum_class_body)] @body) @def.class
(class_declaration "interface" (type_identifier) @name) @def.interface
(class_declaration "enum" (type_identifier) @name) @def.enum
(object_declaration (type_identifier) @name) @def.object
(object_declaration (type_identifier) @name (class_body) @body) @def.object
(type_alias (type_identifier) @name) @def.type
; val p: Int get() = …
(property_declaration (variable_declaration (simple_identifier) @name) (getter) @def.getter) @start
(property_declaration (variable_declaration (simple_identifier) @name) (setter) @def.setter) @start
(getter (function_body) @body) @def.getter
(setter (function_body) @body) @def.setter
; … and when the accessor sits on its own line the grammar makes it the property's next sibling
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @start . (getter) @def.getter)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @start . (setter) @def.setter)
; val f = { x -> … } / val g = fun(x: Int) = …
(property_declaration (variable_declaration (simple_identifier) @name) [(lambda_literal) (anonymous_function)] @def.arrow) @start

; ---- bases and fields
(class_declaration (delegation_specifier [(user_type) @base (constructor_invocation (user_type) @base)])) @base.of
(object_declaration (delegation_specifier [(user_type) @base (constructor_invocation (user_type) @base)])) @base.of
(class_body (property_declaration (variable_declaration (simple_identifier) @field.name)) @field)
(class_body (property_declaration (variable_declaration (simple_identifier) @field.name (_) @field.type)) @field)
(class_body (property_declaration (variable_declaration (simple_identifier) @field.name) (call_expression [(simple_identifier) (navigation_expression)] @field.call)) @field)
(class_parameter (binding_pattern_kind) (simple_identifier) @field.name (_) @field.type) @field

; ---- imports
(import_header) @import

; ---- calls
(call_expression [(simple_identifier) (navigation_expression)] @call.callee (call_suffix (value_arguments) @call.args)) @call
(call_expression [(simple_identifier) (navigation_expression)] @call.callee (call_suffix)) @call
(constructor_delegation_call (value_arguments) @call.args) @call @call.super

; ---- bindings (constructor calls look like function calls: `val x = Foo()`)
(property_declaration (variable_declaration (simple_identifier) @binding.name (_) @binding.type)) @binding
(property_declaration (variable_declaration (simple_identifier) @binding.name) (call_expression [(simple_identifier) (navigation_expression)] @binding.call)) @binding
(parameter (simple_identifier) @binding.name (_) @binding.type) @binding
