; C++ additions to c.scm. Namespaces are transparent. A method named like its class is a
; constructor (rule in core/extract/definitions.ts).

; ---- definitions
(class_specifier name: (_) @name body: (_)) @def.class
(function_definition
  type: (_)? @return
  declarator: [
    (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name parameters: (_) @params)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name parameters: (_) @params))
    (reference_declarator (function_declarator declarator: (field_identifier) @name parameters: (_) @params))
  ]) @def.method
; in-class declarations: `virtual void run() = 0;`, `~Foo();`, `static int count() const;`
(field_declaration_list
  [(field_declaration
     type: (_)? @return
     declarator: [
       (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name parameters: (_) @params)
       (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name parameters: (_) @params))
       (reference_declarator (function_declarator declarator: (field_identifier) @name parameters: (_) @params))])
   (declaration
     type: (_)? @return
     declarator: (function_declarator declarator: [(identifier) (destructor_name) (operator_name)] @name parameters: (_) @params))]
  @def.method.decl)
; pure virtual `virtual double area() const = 0;` declares (the signature stops before `= 0`)
(function_definition (pure_virtual_clause) @body) @def.method.decl

; out-of-line definitions: `int Foo::count(…) {…}` is method Foo.count
(function_definition
  type: (_)? @return
  declarator: [
    (function_declarator declarator: (qualified_identifier scope: (_) @receiver name: (_) @name) parameters: (_) @params)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: (_) @receiver name: (_) @name) parameters: (_) @params))
    (reference_declarator (function_declarator declarator: (qualified_identifier scope: (_) @receiver name: (_) @name) parameters: (_) @params))
  ]) @def.method
; auto f = [](…) {…};
(declaration declarator: (init_declarator declarator: (identifier) @name value: (lambda_expression) @def.arrow)) @start

; ---- bases
(class_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @base)) @base.of
(struct_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @base)) @base.of

; ---- calls and bindings
(new_expression type: (_) @call.callee arguments: (argument_list)? @call.args) @new
(declaration declarator: (init_declarator declarator: (identifier) @binding.name value: (call_expression function: (_) @binding.call))) @binding
(declaration declarator: (init_declarator declarator: [(identifier) @binding.name (pointer_declarator declarator: (identifier) @binding.name)] value: (new_expression type: (_) @binding.new))) @binding
