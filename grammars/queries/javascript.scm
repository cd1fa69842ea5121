; JavaScript-only node types (the TypeScript grammar names these differently).
(field_definition property: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
(field_definition property: (_) @field.name) @field
(class_declaration (class_heritage (_) @base)) @base.of
(class (class_heritage (_) @base)) @base.of
