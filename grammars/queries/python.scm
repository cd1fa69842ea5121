; Python. Capture vocabulary: see README.md in this folder.

; ---- definitions
(function_definition name: (identifier) @name) @def.function
((function_definition name: (identifier) @name) @def.constructor
  (#eq? @name "__init__"))
; @property / @cached_property → getter, @x.setter → setter
((decorated_definition
  (decorator [(identifier) @_decorator (attribute attribute: (identifier) @_decorator)])
  definition: (function_definition name: (identifier) @name) @def.getter)
  (#any-of? @_decorator "property" "cached_property"))
((decorated_definition
  (decorator (attribute attribute: (identifier) @_decorator))
  definition: (function_definition name: (identifier) @name) @def.setter)
  (#eq? @_decorator "setter"))
(class_definition name: (identifier) @name) @def.class
; f = lambda x: …
(assignment left: (identifier) @name right: (lambda) @def.arrow) @start

; ---- bases and fields
(class_definition superclasses: (argument_list [(identifier) (attribute) (subscript)] @base)) @base.of
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name type: (_)? @field.type)) @field))
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @field.name)
  type: (_)? @field.type) @field
  (#eq? @_self "self"))
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name right: (call function: (_) @field.call))) @field))
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @field.name)
  right: (call function: (_) @field.call)) @field
  (#eq? @_self "self"))

; ---- imports and exports
(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
((module (expression_statement (assignment left: (identifier) @_all right: [(list) (tuple)]) @export))
  (#eq? @_all "__all__"))

; ---- references: attribute reads; those not called nor the object of a longer access are kept (calls.ts)
(attribute attribute: (identifier) @ref.name) @ref

; ---- calls
(call function: (_) @call.callee arguments: (_) @call.args) @call

; ---- bindings
(assignment left: (identifier) @binding.name type: (_) @binding.type) @binding
(assignment left: (identifier) @binding.name right: (call function: (_) @binding.call)) @binding
(assignment left: (identifier) @binding.name right: (await (call function: (_) @binding.call))) @binding
; name, cmd, args = f(…): each name is an item of the tuple f returns
(assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)] right: (call function: (_) @binding.call)) @binding
(assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)] right: (await (call function: (_) @binding.call))) @binding
((assignment
  left: (attribute object: (identifier) @_self) @binding.name
  right: (call function: (_) @binding.call))  @binding
  (#eq? @_self "self"))
((assignment
  left: (attribute object: (identifier) @_self) @binding.name
  type: (_) @binding.type) @binding
  (#eq? @_self "self"))
(typed_parameter (identifier) @binding.name type: (_) @binding.type) @binding
; r = self.repo / self.repo = repo: the binding takes that name's type
(assignment left: (identifier) @binding.name right: [(identifier) (attribute)] @binding.from) @binding
((assignment
  left: (attribute object: (identifier) @_self) @binding.name
  right: [(identifier) (attribute)] @binding.from) @binding
  (#eq? @_self "self"))
(typed_default_parameter name: (identifier) @binding.name type: (_) @binding.type) @binding
; for x in xs / [… for x in self.items()]: x is an element of what is iterated
(for_statement left: (identifier) @binding.name right: [(identifier) (attribute) (call)] @binding.each) @binding
(for_in_clause left: (identifier) @binding.name right: [(identifier) (attribute) (call)] @binding.each) @binding
; for i, x in enumerate(xs): x is an element of xs
((for_statement
  left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (call function: (identifier) @_enumerate arguments: (argument_list . [(identifier) (attribute) (call)] @binding.each))) @binding
  (#eq? @_enumerate "enumerate"))
; x = cast(Foo, y), t.cast("Foo", y): x has the type given
((assignment left: (identifier) @binding.name right: (call function: (_) @_cast arguments: (argument_list . (_) @binding.type))) @binding
  (#match? @_cast "^((typing|t)\\.)?cast$"))
