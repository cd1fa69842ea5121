; Lua. Capture vocabulary: see README.md in this folder. Tables are not classes: `function M.f`
; and `function M:m` are functions named `M.f` / `M.m` with class_name M (the table).

; ---- definitions
(function_declaration name: (identifier) @name) @def.function
(function_declaration name: (dot_index_expression table: (_) @receiver field: (identifier) @name)) @def.function
(function_declaration name: (method_index_expression table: (_) @receiver method: (identifier) @name)) @def.method
; local h = function () … end / M.g = function () … end
(assignment_statement
  (variable_list . name: (identifier) @name .)
  (expression_list . value: (function_definition) @def.arrow .)) @start
(assignment_statement
  (variable_list . name: (dot_index_expression table: (_) @receiver field: (identifier) @name) .)
  (expression_list . value: (function_definition) @def.arrow .)) @start

; ---- imports: require("x") / require "x"
((function_call name: (identifier) @_require arguments: (_)) @import
  (#eq? @_require "require"))

; ---- calls
(function_call name: (_) @call.callee arguments: (_) @call.args) @call

; ---- bindings: local x = Foo.new(…) / Foo(…)
((assignment_statement
  (variable_list . name: (identifier) @binding.name .)
  (expression_list . value: (function_call name: (_) @binding.call) .)) @binding
  (#not-eq? @binding.call "require"))
