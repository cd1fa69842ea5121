; C#. Capture vocabulary: see README.md in this folder. Namespaces are transparent.

; ---- definitions
(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(struct_declaration name: (identifier) @name) @def.struct
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.class
(method_declaration type: (_) @return name: (identifier) @name body: (_)) @def.method
(method_declaration type: (_) @return name: (identifier) @name !body) @def.method.decl
(constructor_declaration name: (identifier) @name) @def.constructor
(destructor_declaration (identifier) @name) @def.method
(local_function_statement type: (_) @return name: (identifier) @name) @def.function
; a property with accessor bodies reads like a getter: `public string Name { get {…} set {…} }`
(property_declaration type: (_) @return name: (identifier) @name accessors: (accessor_list (accessor_declaration body: (_))) @body) @def.getter

; ---- bases and fields
(class_declaration bases: (base_list (_) @base)) @base.of
(interface_declaration bases: (base_list (_) @base)) @base.of
(struct_declaration bases: (base_list (_) @base)) @base.of
(record_declaration bases: (base_list (_) @base)) @base.of
(field_declaration (variable_declaration type: (_) @field.type (variable_declarator (identifier) @field.name))) @field
(field_declaration
  (variable_declaration
    (variable_declarator (identifier) @field.name (equals_value_clause (object_creation_expression type: (_) @field.new))))) @field
(property_declaration type: (_) @field.type name: (identifier) @field.name) @field

; ---- imports
(using_directive) @import

; ---- calls
(invocation_expression function: (_) @call.callee arguments: (argument_list) @call.args) @call
(object_creation_expression type: (_) @call.callee arguments: (argument_list)? @call.args) @new

; ---- bindings
(local_declaration_statement
  (variable_declaration type: (_) @binding.type (variable_declarator (identifier) @binding.name))) @binding
(local_declaration_statement
  (variable_declaration
    (variable_declarator (identifier) @binding.name
      (equals_value_clause (object_creation_expression type: (_) @binding.new))))) @binding
(local_declaration_statement
  (variable_declaration
    (variable_declarator (identifier) @binding.name
      (equals_value_clause (invocation_expression function: (_) @binding.call))))) @binding
(parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
