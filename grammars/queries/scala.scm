; Scala. Capture vocabulary: see README.md in this folder.

; ---- definitions
(function_definition name: (_) @name) @def.function
(function_definition (parameters (parameter) @param)) @def.function
(function_declaration name: (_) @name) @def.function.decl
(function_declaration (parameters (parameter) @param)) @def.function.decl
(class_definition name: (_) @name) @def.class
(trait_definition name: (_) @name) @def.trait
(object_definition name: (_) @name) @def.object
(enum_definition name: (_) @name) @def.enum
(type_definition name: (_) @name) @def.type
; val f = (x: Int) => …
(val_definition pattern: (identifier) @name value: (lambda_expression) @def.arrow) @start

; ---- bases and fields
(class_definition extend: (extends_clause [(type_identifier) (generic_type) (stable_type_identifier)] @base)) @base.of
(trait_definition extend: (extends_clause [(type_identifier) (generic_type) (stable_type_identifier)] @base)) @base.of
(object_definition extend: (extends_clause [(type_identifier) (generic_type) (stable_type_identifier)] @base)) @base.of
(template_body (val_definition pattern: (identifier) @field.name type: (_)? @field.type) @field)
(template_body (var_definition pattern: (identifier) @field.name type: (_)? @field.type) @field)
(template_body (val_definition pattern: (identifier) @field.name value: (instance_expression (_) @field.new)) @field)
(template_body (val_definition pattern: (identifier) @field.name value: (call_expression function: (_) @field.call)) @field)
(class_parameter name: (identifier) @field.name type: (_)? @field.type) @field

; ---- imports
(import_declaration) @import

; ---- calls
(call_expression function: (_) @call.callee arguments: (arguments) @call.args) @call
(instance_expression (_) @call.callee arguments: (arguments)? @call.args) @new

; ---- bindings
(val_definition pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(var_definition pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(val_definition pattern: (identifier) @binding.name value: (call_expression function: (_) @binding.call)) @binding
(val_definition pattern: (identifier) @binding.name value: (instance_expression (_) @binding.new)) @binding
(parameter name: (identifier) @binding.name type: (_) @binding.type) @binding
