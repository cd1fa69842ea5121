; Java. Capture vocabulary: see README.md in this folder.

; ---- definitions
(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(annotation_type_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.class
(method_declaration type: (_) @return name: (identifier) @name body: (_)) @def.method
(method_declaration type: (_) @return name: (identifier) @name !body) @def.method.decl
(constructor_declaration name: (identifier) @name) @def.constructor
(compact_constructor_declaration name: (identifier) @name) @def.constructor

; ---- bases and fields
(class_declaration superclass: (superclass (_) @base)) @base.of
(class_declaration interfaces: (super_interfaces (type_list (_) @base))) @base.of
(record_declaration interfaces: (super_interfaces (type_list (_) @base))) @base.of
(enum_declaration interfaces: (super_interfaces (type_list (_) @base))) @base.of
(interface_declaration (extends_interfaces (type_list (_) @base))) @base.of
(field_declaration type: (_) @field.type declarator: (variable_declarator name: (identifier) @field.name)) @field
(field_declaration declarator: (variable_declarator name: (identifier) @field.name value: (object_creation_expression type: (_) @field.new))) @field
(record_declaration parameters: (formal_parameters (formal_parameter type: (_) @field.type name: (identifier) @field.name) @field))

; ---- imports
(import_declaration) @import

; ---- calls
(method_invocation object: (_)? @call.receiver name: (identifier) @call.name arguments: (argument_list) @call.args) @call
(object_creation_expression type: (_) @call.callee arguments: (argument_list) @call.args) @new
(explicit_constructor_invocation constructor: (_) @call.callee arguments: (argument_list) @call.args) @call

; ---- bindings
(local_variable_declaration type: (_) @binding.type declarator: (variable_declarator name: (identifier) @binding.name)) @binding
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @binding.name
    value: (object_creation_expression type: (_) @binding.new))) @binding
(local_variable_declaration
  declarator: (variable_declarator
    name: (identifier) @binding.name
    value: (method_invocation) @binding.call)) @binding
(formal_parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
(spread_parameter (_) @binding.type (variable_declarator name: (identifier) @binding.name)) @binding
