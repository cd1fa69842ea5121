; Bash. Capture vocabulary: see README.md in this folder. Every command is a call site: those
; naming a function defined in the project resolve, the rest are external programs.

; ---- definitions
(function_definition name: (word) @name) @def.function

; ---- imports: source ./lib.sh / . ./lib.sh
((command name: (command_name) @_source argument: (_)) @import
  (#any-of? @_source "source" "."))

; ---- calls
((command name: (command_name) @call.callee argument: (_)* @call.arg) @call
  (#not-any-of? @call.callee "source" "."))
