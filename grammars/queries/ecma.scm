; Shared by JavaScript, TypeScript and TSX (node types common to the three grammars).
; Capture vocabulary: see README.md in this folder.

; ---- definitions
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (_) @name) @def.class
(class_body (method_definition name: (_) @name) @def.method)
(class_body (method_definition "get" name: (_) @name) @def.getter)
(class_body (method_definition "set" name: (_) @name) @def.setter)
(class_body ((method_definition name: (property_identifier) @name) @def.constructor
  (#eq? @name "constructor")))

; const f = () => …, let g = function () {…}, const C = class {…}
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
(variable_declarator name: (identifier) @name value: (class) @def.class) @start

; A module-level name bound to a function passed through a wrapper is that function: React's
; `const Button = forwardRef((props, ref) => …)`, `memo(function Card() {…})`, lodash's
; `var groupBy = createAggregator(function (…) {…})`, one wrapper deep (`memo(forwardRef(…))`);
; after a leading arity the function is the last argument (effect's `export const drop = dual(2,
; (self, n) => …)`: its parameters and nested functions are drop's, not the module's).
; Only at the top of a module, where such a binding is an API (inside functions it is a value),
; and only through a wrapper named by a name or a name's member (`React.memo`), not a method of
; a value built in place (`[1, 2].map(…)`).
(program
  [(lexical_declaration (variable_declarator name: (identifier) @name value: (_ function: [(identifier) (member_expression object: (identifier))] arguments: [(arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow) (arguments . (number) . [(arrow_function) (function_expression) (generator_function)] @def.arrow .)])) @start)
   (variable_declaration (variable_declarator name: (identifier) @name value: (_ function: [(identifier) (member_expression object: (identifier))] arguments: [(arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow) (arguments . (number) . [(arrow_function) (function_expression) (generator_function)] @def.arrow .)])) @start)
   (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (_ function: [(identifier) (member_expression object: (identifier))] arguments: [(arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow) (arguments . (number) . [(arrow_function) (function_expression) (generator_function)] @def.arrow .)])) @start))])
(program
  [(lexical_declaration (variable_declarator name: (identifier) @name value: (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow))))) @start)
   (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . (_ function: [(identifier) (member_expression object: (identifier))] arguments: (arguments . [(arrow_function) (function_expression) (generator_function)] @def.arrow))))) @start))])

; Members of an object literal are definitions only when the object is bound to a name — then
; they are that object's methods (`const api = { get() {} }` → api.get) — or exported
; (`module.exports = { run() {} }` → run); `get x()` / `set x(v)` there are accessors. Objects passed as arguments are callback bags: their
; functions are anonymous like any callback.
(variable_declarator
  name: (identifier) @receiver
  value: (object [
    (method_definition name: (_) @name) @def.method
    (method_definition "get" name: (_) @name) @def.getter
    (method_definition "set" name: (_) @name) @def.setter
    (pair key: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start]))
((assignment_expression
  left: (_) @receiver
  right: (object [
    (method_definition name: (_) @name) @def.method
    (method_definition "get" name: (_) @name) @def.getter
    (method_definition "set" name: (_) @name) @def.setter
    (pair key: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start]))
  (#not-match? @receiver "^(module\\.)?exports$"))
((assignment_expression
  left: (_) @_target
  right: (object [
    (method_definition name: (_) @name) @def.function
    (method_definition "get" name: (_) @name) @def.getter
    (method_definition "set" name: (_) @name) @def.setter
    (pair key: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start]))
  (#match? @_target "^(module\\.)?exports$"))
(export_statement value: (object [
  (method_definition name: (_) @name) @def.function
  (method_definition "get" name: (_) @name) @def.getter
  (method_definition "set" name: (_) @name) @def.setter
  (pair key: (_) @name value: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start]))

; exports.x = function…, module.exports.x = …, this.x = function… (named x, no receiver; `_`: a
; member expression, see "Wildcards" in README.md)
((assignment_expression
  left: (_ object: (_) @_object property: (property_identifier) @name)
  right: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
  (#match? @_object "^((module\\.)?exports|this)$"))

; X.prototype.m = function…, X.m = function…: out-of-line methods of X
((assignment_expression
  left: (_ object: (_) @receiver property: (property_identifier) @name)
  right: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start
  (#not-match? @receiver "^((module\\.)?exports|this)$"))

; exports.X = class {…} (named X); R.X = class {…} (named R.X: hapi's `internals.Auth = class`, also
; inside a chain, `exports = module.exports = internals.Core = class {…}`)
((assignment_expression
  left: (_ object: (_) @_object property: (property_identifier) @name)
  right: (class) @def.class) @start
  (#match? @_object "^(module\\.)?exports$"))
((assignment_expression
  left: (_ object: (_) @receiver property: (property_identifier) @name)
  right: (class) @def.class) @start
  (#not-match? @receiver "^((module\\.)?exports|this|module)$"))

; module.exports = function () {…} / class {…}: the module's default export
((assignment_expression
  left: (member_expression) @_target
  right: [(arrow_function) (function_expression) (generator_function)] @def.arrow) @start @name.default
  (#eq? @_target "module.exports"))
((assignment_expression left: (member_expression) @_target right: (class) @def.class) @start @name.default
  (#eq? @_target "module.exports"))

; export default function () {…} / export default () => … / export default class {…}
(export_statement value: (arrow_function) @def.arrow) @name.default
(export_statement value: [(function_expression) (generator_function)] @def.function) @name.default
(export_statement value: (class) @def.class) @name.default

; ---- imports and exports
(import_statement) @import
(export_statement source: (_)) @import.reexport
((call_expression function: (identifier) @_require arguments: (arguments . (string) .)) @import.require
  (#eq? @_require "require"))
(call_expression function: (import) arguments: (arguments . (string))) @import.dynamic
(export_statement) @export
((assignment_expression left: (member_expression) @_target) @export.commonjs
  (#match? @_target "^(module\\.)?exports(\\.|$)"))

; ---- calls
((call_expression function: (_) @call.callee arguments: (_) @call.args) @call
  (#not-eq? @call.callee "import"))
(new_expression constructor: (_) @call.callee arguments: (_)? @call.args) @new
; @sealed, @Reflect.metadata: a decorator written without arguments is called with what it decorates
(decorator [(identifier) (member_expression)] @call.callee) @call

; ---- references: member reads; those not called are kept, the object of a longer access too (calls.ts)
(member_expression property: [(property_identifier) (private_property_identifier)] @ref.name) @ref

; ---- bindings (`(_ function:)` a call, `(_ constructor:)` a new, `(_ object: property:)` a member
; expression: see "Wildcards" in README.md)
(variable_declarator name: (identifier) @binding.name value: (_ constructor: (_) @binding.new)) @binding
; (require() and import() initialise imports, which the import records describe)
((variable_declarator name: (identifier) @binding.name value: (_ function: (_) @binding.call)) @binding
  (#not-any-of? @binding.call "require" "import"))
((variable_declarator
  name: (identifier) @binding.name
  value: (await_expression (_ function: (_) @binding.call))) @binding
  (#not-any-of? @binding.call "require" "import"))
; const r = await pending, r = await this.ready: what the promise resolves to
(variable_declarator name: (identifier) @binding.name value: (await_expression [(identifier) (member_expression) (subscript_expression)] @binding.from)) @binding
(assignment_expression left: (identifier) @binding.name right: (await_expression [(identifier) (member_expression) (subscript_expression)] @binding.from)) @binding @binding.assigned
; const [a, b] = f(): each name is that item of what the call returns (a declared tuple's)
((variable_declarator name: (array_pattern (identifier) @binding.name) value: (_ function: (_) @binding.call)) @binding
  (#not-any-of? @binding.call "require" "import"))
; this.x = new Foo(), this.x = make(…), this.x = y; this[kAgent] = …: a member under a computed
; key (bindings.ts names it `this.[kAgent]`, as a class declares `[kAgent]: Agent`; undici)
(assignment_expression
  left: [(_ object: (this) property: (_)) (subscript_expression object: (this) index: (identifier))] @binding.name
  right: (_ constructor: (_) @binding.new)) @binding
(assignment_expression
  left: [(_ object: (this) property: (_)) (subscript_expression object: (this) index: (identifier))] @binding.name
  right: (_ function: (_) @binding.call)) @binding
; this.planes = [p0, p1, …], const shapes = [new Circle(), new Circle()]: a list of what its first element holds
(assignment_expression
  left: [(_ object: (this) property: (_)) (subscript_expression object: (this) index: (identifier))] @binding.name
  right: (array . [(identifier) (member_expression)] @binding.from) @binding.list) @binding
(assignment_expression
  left: [(_ object: (this) property: (_)) (subscript_expression object: (this) index: (identifier))] @binding.name
  right: (array . (new_expression constructor: (_) @binding.new)) @binding.list) @binding
(variable_declarator name: (identifier) @binding.name value: (array . [(identifier) (member_expression)] @binding.from) @binding.list) @binding
(variable_declarator name: (identifier) @binding.name value: (array . (new_expression constructor: (_) @binding.new)) @binding.list) @binding
; const r = this.repo / const self = this / const q = this.byKey[key] / this.repo = repo: the binding takes that name's type
(variable_declarator name: (identifier) @binding.name value: [(identifier) (member_expression) (subscript_expression) (this)] @binding.from) @binding
(assignment_expression left: [(_ object: (this) property: (_)) (subscript_expression object: (this) index: (identifier))] @binding.name right: [(identifier) (member_expression)] @binding.from) @binding
; const proto = module.exports = { … } (koa's context): the name holds what the assignment set (an
; object with members: express's `var app = exports = module.exports = {}` is the object that
; functions are set on next)
(variable_declarator name: (identifier) @binding.name value: (assignment_expression left: [(identifier) (member_expression)] @binding.from right: (object (_)))) @binding
; x = new Foo(), x = f(), x = y, x = c ? a : b: a plain name holds that from there on (a `let`
; declared with neither a type nor a value has the type of what it is last assigned, as
; TypeScript's control flow gives it; call resolution passes over these for a parameter and for a
; name declared with a type or a value)
(assignment_expression left: (identifier) @binding.name right: (_ constructor: (_) @binding.new)) @binding @binding.assigned
((assignment_expression left: (identifier) @binding.name right: (_ function: (_) @binding.call)) @binding @binding.assigned
  (#not-any-of? @binding.call "require" "import"))
((assignment_expression left: (identifier) @binding.name right: (await_expression (_ function: (_) @binding.call))) @binding @binding.assigned
  (#not-any-of? @binding.call "require" "import"))
(assignment_expression left: (identifier) @binding.name right: [(identifier) (member_expression) (subscript_expression) (this)] @binding.from) @binding @binding.assigned
(assignment_expression left: (identifier) @binding.name right: [(binary_expression) (ternary_expression) (parenthesized_expression) (array)] @binding.either) @binding @binding.assigned
; const { a, b: c } = this.x, const { ctx, status } = this._processInputParams(input): each name is
; copied from that property of the source
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.key)
  value: [(identifier) (member_expression) (this) (call_expression)] @binding.from) @binding
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name))
  value: [(identifier) (member_expression) (this) (call_expression)] @binding.from) @binding
(variable_declarator
  name: (object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.name @binding.key))
  value: [(identifier) (member_expression) (this) (call_expression)] @binding.from) @binding
; const { data } = await client.get(), const { a: b } = await pending: from what the promise resolves to
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.name @binding.key)
  value: (await_expression [(identifier) (member_expression) (call_expression)] @binding.from)) @binding
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @binding.key value: (identifier) @binding.name))
  value: (await_expression [(identifier) (member_expression) (call_expression)] @binding.from)) @binding
; const [a, b] = await f(): each name is that item of what the promise resolves to
((variable_declarator name: (array_pattern (identifier) @binding.name) value: (await_expression (_ function: (_) @binding.call))) @binding
  (#not-any-of? @binding.call "require" "import" "Promise.all"))
; const [a, b] = await Promise.all([f(), g()]): each name is what that item resolves to
((variable_declarator
  name: (array_pattern (identifier) @binding.name)
  value: (await_expression (call_expression
    function: (member_expression object: (identifier) @_promise property: (property_identifier) @_all)
    arguments: (arguments . (array) @binding.items .)))) @binding
  (#eq? @_promise "Promise") (#eq? @_all "all"))
; const x = a || b, a ?? b, c ? f() : new B(): x is one of the alternatives
(variable_declarator name: (identifier) @binding.name value: [(binary_expression) (ternary_expression) (parenthesized_expression) (array)] @binding.either) @binding
; const handlers = { onFoo, onBar: bar, run: helpers.run }: property `handlers.onFoo` holds that name's value
(variable_declarator
  name: (identifier) @binding.owner
  value: (object (shorthand_property_identifier) @binding.name @binding.from)) @binding
(variable_declarator
  name: (identifier) @binding.owner
  value: (object (pair key: (property_identifier) @binding.name value: [(identifier) (member_expression)] @binding.from))) @binding
; const m = { request: new InterceptorManager() }: property `m.request` holds what the construction makes
(variable_declarator
  name: (identifier) @binding.owner
  value: (object (pair key: (property_identifier) @binding.name value: (new_expression constructor: (_) @binding.new)))) @binding
; this.interceptors = { request: new InterceptorManager() } in a method (axios's Axios): property
; `this.interceptors.request` of the object the attribute holds
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier)) @binding.owner
  right: (object (pair key: (property_identifier) @binding.name value: (new_expression constructor: (_) @binding.new)))) @binding
; export default { isArray, forEach: each }: property `default.isArray` of the module's default object (axios's utils)
(export_statement "default" @binding.owner value: (object (shorthand_property_identifier) @binding.name @binding.from)) @binding
(export_statement "default" @binding.owner value: (object (pair key: (property_identifier) @binding.name value: [(identifier) (member_expression)] @binding.from))) @binding
; export default shallowProperty('length'), export default new Registry(): the module's default value is what that gives
((export_statement "default" @binding.name value: (call_expression function: (_) @binding.call)) @binding
  (#not-any-of? @binding.call "require" "import"))
(export_statement "default" @binding.name value: (new_expression constructor: (_) @binding.new)) @binding
; module.exports = new Mongoose(), module.exports = createLogger(), also inside a chain (`module.exports =
; exports = new Mongoose()`): the module's value is what that gives, bound as `module.exports`
((assignment_expression left: (member_expression) @binding.name
  right: [(call_expression function: (_) @binding.call) (assignment_expression right: (call_expression function: (_) @binding.call))]) @binding
  (#eq? @binding.name "module.exports") (#not-any-of? @binding.call "require" "import"))
((assignment_expression left: (member_expression) @binding.name
  right: [(new_expression constructor: (_) @binding.new) (assignment_expression right: (new_expression constructor: (_) @binding.new))]) @binding
  (#eq? @binding.name "module.exports"))
; module.exports = typeof Object.is === 'function' ? Object.is : _objectIs (ramda): the module's value is one of those
((assignment_expression left: (member_expression) @binding.name right: [(binary_expression) (ternary_expression) (parenthesized_expression)] @binding.either) @binding
  (#eq? @binding.name "module.exports"))
; Controller.build = build, at the top of a module: property `Controller.build` holds that name's value
(program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @binding.owner property: (property_identifier) @binding.name)
  right: [(identifier) (member_expression)] @binding.from)) @binding)
; BigInteger.ZERO = nbv(0), Parser.DEFAULT = new Parser(), at the top of a module: property
; `BigInteger.ZERO` holds what the call or construction gives (node-forge's jsbn.js)
((program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @binding.owner property: (property_identifier) @binding.name)
  right: (call_expression function: (_) @binding.call))) @binding)
  (#not-any-of? @binding.owner "exports" "module") (#not-any-of? @binding.call "require" "import"))
((program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @binding.owner property: (property_identifier) @binding.name)
  right: (new_expression constructor: (_) @binding.new))) @binding)
  (#not-any-of? @binding.owner "exports" "module"))
; Async.prototype.invoke = AsyncInvoke, at the top of a module: a member of the instances (bluebird's async.js)
(program (expression_statement (assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @binding.owner property: (property_identifier) @_prototype)
    property: (property_identifier) @binding.name)
  right: [(identifier) (member_expression)] @binding.from)) @binding
  (#eq? @_prototype "prototype"))
; for (const x of items): x is an element of items
(for_in_statement left: (identifier) @binding.name "of" right: [(identifier) (member_expression) (call_expression) (array)] @binding.each) @binding
; if (x instanceof Foo) …, if (x instanceof Foo && …) …: within the branch x is a Foo (`_`: the
; parenthesized condition and binary expressions, see "Wildcards" in README.md)
(if_statement
  condition: (_ [
    (_ left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.narrow)
    (_
      left: (_ left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.narrow)
      operator: "&&")])
  consequence: (_) @binding.until) @binding
; if (isFoo(x)) …, if (isFoo(x) && …) …, if (a && isFoo(x)) …, if (a && isFoo(x) && …) …: a type guard
; (`x is Foo`, read off isFoo at resolution) narrows x in the branch (`_`: the condition, the call by
; its function:, the && by its operator:)
(if_statement
  condition: (_ [
    (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))
    (_
      left: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))
      operator: "&&")
    (_
      operator: "&&"
      right: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .)))
    (_
      left: (_ operator: "&&" right: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .)))
      operator: "&&")])
  consequence: (_) @binding.until) @binding
; isFoo(x) && …, a && isFoo(x) && …, x instanceof Foo && …: x is a Foo in what follows the &&;
; isFoo(x) ? … : …, x instanceof Foo ? … : …, in the first branch; !isFoo(x) || …, in what follows the || (in an if's
; condition the if's pattern above, matched first, holds through its branch)
(binary_expression
  left: [
    (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))
    (_ operator: "&&" right: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .)))]
  operator: "&&"
  right: (_) @binding.until) @binding
(binary_expression
  left: (_ left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.narrow)
  operator: "&&"
  right: (_) @binding.until) @binding
(binary_expression
  left: (_ operator: "!" argument: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .)))
  operator: "||"
  right: (_) @binding.until) @binding
(ternary_expression
  condition: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))
  consequence: (_) @binding.until) @binding
(ternary_expression
  condition: (_ left: (identifier) @binding.name operator: "instanceof" right: [(identifier) (member_expression)] @binding.narrow)
  consequence: (_) @binding.until) @binding
; if (isFoo(x) || isBar(x)) …: x is a Foo or a Bar in the branch
(if_statement
  condition: (_ (_
    left: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))
    operator: "||"
    right: (_ function: [(identifier) (member_expression)] @binding.or_guard arguments: (_ . (identifier) @binding.or_name .))))
  consequence: (_) @binding.until
  (#eq? @binding.name @binding.or_name)) @binding
; if (!isFoo(x)) return …; / throw …: x is a Foo from there to the end of the block
(statement_block
  (_
    condition: (_ (_ operator: "!"
      argument: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .))))
    consequence: [(return_statement) (throw_statement) (statement_block . [(return_statement) (throw_statement)] .)]
    !alternative) @binding @binding.after) @binding.until
; if (!isFoo(x) && !isBar(x)) return …: x is a Foo or a Bar from there on
(statement_block
  (_
    condition: (_ (_
      left: (_ operator: "!"
        argument: (_ function: [(identifier) (member_expression)] @binding.guard arguments: (_ . (identifier) @binding.name .)))
      operator: "&&"
      right: (_ operator: "!"
        argument: (_ function: [(identifier) (member_expression)] @binding.or_guard arguments: (_ . (identifier) @binding.or_name .)))))
    consequence: [(return_statement) (throw_statement) (statement_block . [(return_statement) (throw_statement)] .)]
    !alternative) @binding @binding.after
  (#eq? @binding.name @binding.or_name)) @binding.until

; ---- returned values (core/extract/returns.ts): what a function without a declared return type
; returns, as the TypeScript service infers it: return x, return this.y, return make(…), new C(…),
; an arrow's expression body
(return_statement [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression) (this)] @returned)
(arrow_function body: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned)
(return_statement (await_expression [(identifier) (member_expression) (call_expression) (subscript_expression)] @returned))
(arrow_function body: (await_expression [(identifier) (member_expression) (call_expression) (subscript_expression)] @returned))
; a returned alternative (`return a || b`, `return a ?? b`, `return c ? a : b`, axios's `thing instanceof this ?
; thing : new this(thing)`): either may be what the function gives
(return_statement (binary_expression left: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression) (this)] @returned operator: ["||" "??"]))
(return_statement (binary_expression operator: ["||" "??"] right: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression) (this)] @returned))
(return_statement (ternary_expression consequence: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression) (this)] @returned))
(return_statement (ternary_expression alternative: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression) (this)] @returned))
(arrow_function body: (ternary_expression consequence: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned))
(arrow_function body: (ternary_expression alternative: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned))
; a function literal returned (`return () => editor`, `() => () => editor`, `return (doc) => { …; return editor }`): a
; call of what the function gives gives that
(return_statement (arrow_function body: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned.called) @returned)
(arrow_function body: (arrow_function body: [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned.called) @returned)
(return_statement (arrow_function body: (statement_block (return_statement [(identifier) (member_expression) (call_expression) (new_expression) (subscript_expression)] @returned.called))) @returned)
; a function literal returned whose call gives nothing followed (`return function (obj) { … }`): its calls run the function's code
(return_statement [(function_expression) (arrow_function)] @returned)
(arrow_function body: [(function_expression) (arrow_function)] @returned)
; an object literal returned (`return { editor, doc }`, `() => ({ editor })`): its properties hold those values
(return_statement (object) @returned)
(arrow_function body: (parenthesized_expression (object) @returned))
