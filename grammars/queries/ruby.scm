; Ruby. Capture vocabulary: see README.md in this folder. Modules are classes of kind module.

; ---- definitions
(method name: (_) @name) @def.method
((method name: (_) @name) @def.constructor
  (#eq? @name "initialize"))
; def self.build(…): a class-level method of the enclosing class
(singleton_method name: (_) @name) @def.method
(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.module
; f = ->(x) { … } / lambda { … }
(assignment left: (identifier) @name right: (lambda) @def.arrow) @start

; ---- bases (superclass and mixins) and fields
(class superclass: (superclass (_) @base)) @base.of
((class body: (body_statement (call method: (identifier) @_mixin arguments: (argument_list (_) @base))))  @base.of
  (#any-of? @_mixin "include" "extend" "prepend"))
((call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @field.name)) @field
  (#any-of? @_attr "attr_reader" "attr_writer" "attr_accessor"))
(assignment left: (instance_variable) @field.name) @field

; ---- imports
((call method: (identifier) @_require arguments: (argument_list . (string))) @import
  (#any-of? @_require "require" "require_relative" "load" "autoload"))

; ---- calls: `recv.m(…)`, `m(…)`, `m arg` (bare identifiers are ambiguous with locals and skipped)
((call receiver: (_)? @call.receiver method: (_) @call.name arguments: (argument_list)? @call.args) @call
  (#not-any-of? @call.name "require" "require_relative" "include" "extend" "prepend" "attr_reader" "attr_writer" "attr_accessor"))

; Foo.new(…) constructs Foo
((call receiver: [(constant) (scope_resolution)] @call.callee method: (identifier) @_new arguments: (argument_list)? @call.args) @new
  (#eq? @_new "new"))

; ---- bindings: x = Foo.new(…), @x = Foo.new(…)
((assignment
  left: [(identifier) (instance_variable)] @binding.name
  right: (call receiver: (_) @binding.new method: (identifier) @_new)) @binding
  (#eq? @_new "new"))
