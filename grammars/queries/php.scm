; PHP. Capture vocabulary: see README.md in this folder. Namespaces are transparent.

; ---- definitions
(function_definition name: (name) @name) @def.function
(method_declaration name: (name) @name body: (_)) @def.method
(method_declaration name: (name) @name !body) @def.method.decl
((method_declaration name: (name) @name) @def.constructor
  (#eq? @name "__construct"))
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
; $f = function (…) {…}; $g = fn($x) => …;
(assignment_expression left: (variable_name) @name right: [(anonymous_function) (arrow_function)] @def.arrow) @start

; ---- bases and fields
(class_declaration (base_clause (_) @base)) @base.of
(class_declaration (class_interface_clause (_) @base)) @base.of
(interface_declaration (base_clause (_) @base)) @base.of
(property_declaration type: (_)? @field.type (property_element (variable_name) @field.name)) @field
(property_promotion_parameter type: (_)? @field.type name: (variable_name) @field.name) @field

; ---- imports
(namespace_use_declaration) @import
[(require_expression) (require_once_expression) (include_expression) (include_once_expression)] @import.include

; ---- calls
(function_call_expression function: (_) @call.callee arguments: (arguments) @call.args) @call
(member_call_expression object: (_) @call.receiver name: (_) @call.name arguments: (arguments) @call.args) @call
(nullsafe_member_call_expression object: (_) @call.receiver name: (_) @call.name arguments: (arguments) @call.args) @call
((scoped_call_expression scope: (_) @call.receiver name: (_) @call.name arguments: (arguments) @call.args) @call
  (#not-eq? @call.receiver "parent"))
((scoped_call_expression scope: (relative_scope) @call.receiver @call.super name: (_) @call.name arguments: (arguments) @call.args) @call
  (#eq? @call.receiver "parent"))
(object_creation_expression [(name) (qualified_name)] @call.callee (arguments)? @call.args) @new

; ---- bindings
(assignment_expression left: (variable_name) @binding.name right: (object_creation_expression [(name) (qualified_name)] @binding.new)) @binding
(assignment_expression left: (member_access_expression) @binding.name right: (object_creation_expression [(name) (qualified_name)] @binding.new)) @binding
(simple_parameter type: (_) @binding.type name: (variable_name) @binding.name) @binding
