; TypeScript and TSX: types, interfaces, overload signatures, typed bindings.

; ---- definitions
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(enum_declaration name: (_) @name) @def.enum
; `type Props = {…}` reads like an interface (signature up to the body); other aliases keep their text
(type_alias_declaration name: (_) @name value: (object_type)? @body) @def.type
; bodiless overload signatures, `declare function`, interface and abstract members
(function_signature name: (_) @name) @def.function.decl
(method_signature name: (_) @name) @def.method.decl
(abstract_method_signature name: (_) @name) @def.method.decl
; `abstract get client(): CDPSession`, an interface's `get size(): number`: accessors, read as their value
(method_signature "get" name: (_) @name) @def.getter.decl
(method_signature "set" name: (_) @name) @def.setter.decl
(abstract_method_signature "get" name: (_) @name) @def.getter.decl
(abstract_method_signature "set" name: (_) @name) @def.setter.decl
; a function-typed property of an interface or of an object type alias is a method declaration
; (`next: (value: T) => void`); one in an inline object type (a parameter's type) is not a definition
(interface_body (property_signature name: (_) @name type: (type_annotation [
  (function_type parameters: (_) @params return_type: (_)? @return)
  (parenthesized_type (function_type parameters: (_) @params return_type: (_)? @return))])) @def.method.decl)
(type_alias_declaration value: (object_type (property_signature name: (_) @name type: (type_annotation [
  (function_type parameters: (_) @params return_type: (_)? @return)
  (parenthesized_type (function_type parameters: (_) @params return_type: (_)? @return))])) @def.method.decl))
; class fields holding functions are methods of kind arrow
(public_field_definition name: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
; any other initialiser is a scope named after its field (`observer = (() => { const get = … })()`
; → Class.observer.get, a nested function, not a method)
(public_field_definition name: (_) @name value: (_) @def.scope)

; ---- bases and fields
(class_declaration (class_heritage (extends_clause value: (_) @base))) @base.of
(class_declaration (class_heritage (implements_clause (_) @base))) @base.of
(abstract_class_declaration (class_heritage (extends_clause value: (_) @base))) @base.of
(abstract_class_declaration (class_heritage (implements_clause (_) @base))) @base.of
(class (class_heritage (extends_clause value: (_) @base))) @base.of
(interface_declaration (extends_type_clause (_) @base)) @base.of
(public_field_definition name: (_) @field.name type: (type_annotation (_) @field.type)?) @field
; (`(_ constructor:)` a new, `(_ function:)` a call: see "Wildcards" in README.md)
(public_field_definition name: (_) @field.name value: (_ constructor: (_) @field.new)) @field
(public_field_definition name: (_) @field.name value: (_ function: (_) @field.call)) @field
; an interface's or a type alias's members, not those of an object type written in a signature or
; a member's type (`childAfter(pos): {node: Node, index: number}` adds no field to its class)
(interface_body (property_signature name: (_) @field.name type: (type_annotation (_) @field.type)?) @field)
(type_alias_declaration value: (object_type (property_signature name: (_) @field.name type: (type_annotation (_) @field.type)?) @field))
(type_alias_declaration value: (intersection_type (object_type (property_signature name: (_) @field.name type: (type_annotation (_) @field.type)?) @field)))
(type_alias_declaration value: (union_type (object_type (property_signature name: (_) @field.name type: (type_annotation (_) @field.type)?) @field)))
; an index signature (`{ [k: string]: ZodTypeAny }`) is the field any key reads (named `[*]`: core/extract/definitions.ts)
(interface_body (index_signature type: (type_annotation (_) @field.type)) @field.name @field)
; a call signature of an interface (rxjs's UnaryFunction<T, R> { (source: T): R }): what calling its values gives
(interface_body (call_signature) @field.name @field)
(type_alias_declaration value: (object_type (index_signature type: (type_annotation (_) @field.type)) @field.name @field))
; constructor(private readonly repo: Repo), constructor(readonly type: NodeType): parameter properties are fields
(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name type: (type_annotation (_) @field.type)?) @field
(optional_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name type: (type_annotation (_) @field.type)?) @field
(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name value: (_ constructor: (_) @field.new)) @field
(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @field.name value: [(identifier) (member_expression)] @field.from) @field

; ---- bindings: typed declarations and parameters
(variable_declarator name: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
; const q = this.x as Query<T> | undefined: the cast declares the binding's type (`as const` has none)
(variable_declarator name: (identifier) @binding.name value: (as_expression (_) (_) @binding.type)) @binding
; const output = this.output!: the binding takes that name's type
(variable_declarator name: (identifier) @binding.name value: (non_null_expression [(identifier) (member_expression) (subscript_expression)] @binding.from)) @binding
; parameters of a function with a body or of its overload signatures: those of a function type or a
; type's call signature (`const f: { (x: A): B }`) bind no name in the scope around them
(_ parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding) body: (_))
(_ parameters: (formal_parameters (optional_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding) body: (_))
(function_signature parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding))
(function_signature parameters: (formal_parameters (optional_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding))
; an untyped parameter's default construction types it (`f(tr = new Transaction())`)
(_ parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type value: (new_expression constructor: (_) @binding.new)) @binding) body: (_))
; a typed parameter destructured (`function f({ gen, data: d }: Cxt)`): each name is that member of the type
(_ parameters: (formal_parameters (required_parameter
  pattern: (object_pattern [
    (shorthand_property_identifier_pattern) @binding.name @binding.key
    (pair_pattern key: (property_identifier) @binding.key value: [(identifier) @binding.name (assignment_pattern left: (identifier) @binding.name)])
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.name @binding.key)])
  type: (type_annotation (_) @binding.type)) @binding) body: (_))
; untyped parameters of callbacks that are properties of an object passed as an argument:
; makeMerge({ mergeNames: (gen, from) => … }), new Worker({ onMessage: function (message) { … } })
(call_expression
  function: (_) @binding.callee
  arguments: (arguments (object (pair key: (property_identifier) @binding.prop value: [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))] @binding.callback)) @binding.object)) @binding
(new_expression
  constructor: (_) @binding.ctor
  arguments: (arguments (object (pair key: (property_identifier) @binding.prop value: [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))] @binding.callback)) @binding.object)) @binding
; untyped parameters of callbacks: operate((source, subscriber) => …), new Observable((subscriber) => …)
(call_expression
  function: (_) @binding.callee
  arguments: (arguments [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))] @binding.callback)) @binding
(new_expression
  constructor: (_) @binding.ctor
  arguments: (arguments [
    (arrow_function parameter: (identifier) @binding.name)
    (arrow_function parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))
    (function_expression parameters: (formal_parameters (required_parameter pattern: (identifier) @binding.name !type)))] @binding.callback)) @binding

; The wrapped module-level function of ecma.scm with a cast around the wrapper's result, which
; TypeScript needs for a component typed as a generic (`export const Link: LinkComponent<'a'> =
; React.memo(React.forwardRef((props, ref) => …), areEqual) as any`).
(program
  [(lexical_declaration (variable_declarator name: (identifier) @name value: (as_expression (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow)))) @start)
   (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (as_expression (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow)))) @start))])
(program
  [(lexical_declaration (variable_declarator name: (identifier) @name value: (as_expression (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow)))))) @start)
   (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (as_expression (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow)))))) @start))])
