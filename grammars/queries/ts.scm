; TypeScript files only (`.ts`): node types the TSX grammar lacks.

; `const f = <T>(x: T) => …` read as the type assertion `<T>` of a plain arrow function (the grammar
; does so when the same parse has a syntax error): a `.ts` file cannot mean that, it is a generic arrow
(variable_declarator
  name: (identifier) @name
  value: (type_assertion (type_arguments) (arrow_function) @def.arrow)) @start
