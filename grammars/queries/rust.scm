; Rust. Capture vocabulary: see README.md in this folder.
; `mod` blocks are transparent; `impl T` / `impl Trait for T` blocks are classes of kind impl
; named T, so their methods are `T.m`.

; ---- definitions
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function.decl
(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(impl_item type: (_) @name) @def.impl
(type_item name: (type_identifier) @name) @def.type
; let f = |x| …; and closures in statics are bound functions
(let_declaration pattern: (identifier) @name value: (closure_expression body: (_) @body) @def.arrow) @start

; ---- bases and fields
(impl_item trait: (_) @base) @base.of
(trait_item bounds: (trait_bounds (_) @base)) @base.of
(field_declaration name: (field_identifier) @field.name type: (_) @field.type) @field

; ---- imports
(use_declaration) @import
(extern_crate_declaration) @import
; `mod x;` loads x.rs / x/mod.rs
(mod_item !body) @import.mod

; ---- calls (macros are not calls: their expansion is unknown)
(call_expression function: (_) @call.callee arguments: (arguments) @call.args) @call

; ---- bindings
(let_declaration pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(let_declaration pattern: (identifier) @binding.name value: (call_expression function: (_) @binding.call)) @binding
(let_declaration
  pattern: (identifier) @binding.name
  value: [(try_expression (call_expression function: (_) @binding.call))
          (await_expression (call_expression function: (_) @binding.call))]) @binding
(let_declaration pattern: (identifier) @binding.name value: (struct_expression name: (_) @binding.new)) @binding
(let_declaration pattern: (identifier) @binding.name value: [(identifier) (field_expression)] @binding.from) @binding
(parameter pattern: (identifier) @binding.name type: (_) @binding.type) @binding
