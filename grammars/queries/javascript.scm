; JavaScript-only node types (the TypeScript grammar names these differently).
(field_definition property: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
(field_definition property: (_) @name value: (_) @def.scope)
(field_definition property: (_) @field.name) @field
(field_definition property: (_) @field.name value: (new_expression constructor: (_) @field.new)) @field
(field_definition property: (_) @field.name value: (call_expression function: (_) @field.call)) @field
; untyped parameters of callbacks: items.map((item) => …), new Promise((resolve) => …)
(call_expression
  function: (_) @binding.callee
  arguments: (arguments [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (identifier) @binding.name))
    (function_expression parameters: (formal_parameters (identifier) @binding.name))] @binding.callback)) @binding
(new_expression
  constructor: (_) @binding.ctor
  arguments: (arguments [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (identifier) @binding.name))
    (function_expression parameters: (formal_parameters (identifier) @binding.name))] @binding.callback)) @binding
; a parameter's default construction types it: f(tr = new Transaction()), and a destructured one's
; too: f({ formatter = new Formatter() } = {}) (undici's MockAgent.assertNoPendingInterceptors)
(formal_parameters (assignment_pattern left: (identifier) @binding.name right: (new_expression constructor: (_) @binding.new)) @binding)
(formal_parameters [(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.name right: (new_expression constructor: (_) @binding.new)) @binding)
  (assignment_pattern left: (object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.name right: (new_expression constructor: (_) @binding.new)) @binding))])
(class_declaration (class_heritage (_) @base)) @base.of
(class (class_heritage (_) @base)) @base.of
