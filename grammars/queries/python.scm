; Python. Capture vocabulary: see README.md in this folder. Inside patterns `(_ function:)` is a call,
; `(_ object:)` / `(_ attribute:)` an attribute ("Wildcards" in README.md: cheaper to compile).

; ---- definitions
(function_definition name: (identifier) @name) @def.function
((function_definition name: (identifier) @name) @def.constructor
  (#eq? @name "__init__"))
; @property / @cached_property → getter, @x.setter → setter
((decorated_definition
  (decorator [(identifier) @_decorator (_ attribute: (identifier) @_decorator)])
  definition: (function_definition name: (identifier) @name) @def.getter)
  (#any-of? @_decorator "property" "cached_property"))
((decorated_definition
  (decorator (_ attribute: (identifier) @_decorator))
  definition: (function_definition name: (identifier) @name) @def.setter)
  (#eq? @_decorator "setter"))
(class_definition name: (identifier) @name) @def.class
; f = lambda x: …
(assignment left: (identifier) @name right: (lambda) @def.arrow) @start

; ---- bases and fields
(class_definition superclasses: (argument_list [(identifier) (attribute) (subscript)] @base)) @base.of
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name type: (_)? @field.type)) @field))
; declared under a condition in the class body (`if TYPE_CHECKING:\n    __fields__: ClassVar[Dict[str, Field]]`)
(class_definition
  body: (block (if_statement consequence: (block (expression_statement (assignment left: (identifier) @field.name type: (_) @field.type)) @field))))
((assignment
  left: (_ object: (identifier) @_self attribute: (identifier) @field.name)
  type: (_)? @field.type) @field
  (#eq? @_self "self"))
; x = attr.ib(factory=Foo), y = field(default_factory=Foo): the attribute holds what the factory
; makes; attr.ib(type=Foo) declares its type
((class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name
    right: (_ arguments: (_ (keyword_argument name: (identifier) @_factory value: [(identifier) (attribute)] @field.factory))))) @field))
  (#any-of? @_factory "factory" "default_factory"))
((class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name
    right: (_ arguments: (_ (keyword_argument name: (identifier) @_type value: [(identifier) (attribute)] @field.type))))) @field))
  (#eq? @_type "type"))
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name right: (_ function: (_) @field.call))) @field))
((assignment
  left: (_ object: (identifier) @_self attribute: (identifier) @field.name)
  right: (_ function: (_) @field.call)) @field
  (#eq? @_self "self"))
; response_class = HTTPResponse: the class attribute holds what that name holds
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @field.name right: [(identifier) (attribute)] @field.from)) @field))

; ---- imports and exports
(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
((module (expression_statement (assignment left: (identifier) @_all right: [(list) (tuple)]) @export))
  (#eq? @_all "__all__"))

; ---- references: attribute reads; those not called are kept, the object of a longer access too (calls.ts)
(attribute attribute: (identifier) @ref.name) @ref

; ---- calls
(call function: (_) @call.callee arguments: (_) @call.args) @call

; ---- bindings
(assignment left: (identifier) @binding.name type: (_) @binding.type) @binding
(assignment left: (identifier) @binding.name right: (_ function: (_) @binding.call)) @binding
(assignment left: (identifier) @binding.name right: (await (_ function: (_) @binding.call))) @binding
; t = self._transport = factory(…): the first target of a chained assignment holds the value too
(assignment left: (identifier) @binding.name right: (assignment right: (_ function: (_) @binding.call))) @binding
; x = await pending: what the awaitable gives
(assignment left: (identifier) @binding.name right: (await [(identifier) (attribute)] @binding.from)) @binding
; name, cmd, args = f(…), self.regex, self.format = compile(…): each target is an item of the tuple f returns
(assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)] right: (_ function: (_) @binding.call)) @binding
(assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)] right: (await (_ function: (_) @binding.call))) @binding
((assignment
  left: [(pattern_list (_ object: (identifier) @_self) @binding.name) (tuple_pattern (_ object: (identifier) @_self) @binding.name)]
  right: (_ function: (_) @binding.call)) @binding
  (#eq? @_self "self"))
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  right: (_ function: (_) @binding.call))  @binding
  (#eq? @_self "self"))
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  type: (_) @binding.type) @binding
  (#eq? @_self "self"))
(typed_parameter (identifier) @binding.name type: (_) @binding.type) @binding
; key, value = pairs[1]: each name is an item of the tuple the name or path holds (or an element
; of the list); (k1, v1), (k2, v2) = pairs: an item of the item at its tuple's position
(assignment left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)] right: [(identifier) (attribute) (subscript)] @binding.from) @binding
(assignment
  left: [(pattern_list (tuple_pattern (identifier) @binding.name)) (tuple_pattern (tuple_pattern (identifier) @binding.name))]
  right: [(identifier) (attribute) (subscript)] @binding.from) @binding
; a, self.b = x, make(): each target takes the item at its position
(assignment
  left: [(pattern_list (identifier) @binding.name) (tuple_pattern (identifier) @binding.name)]
  right: (expression_list) @binding.items) @binding
((assignment
  left: [(pattern_list (_ object: (identifier) @_self) @binding.name) (tuple_pattern (_ object: (identifier) @_self) @binding.name)]
  right: (expression_list) @binding.items) @binding
  (#eq? @_self "self"))
; global x: what the function assigns to x is a module-level binding too
(global_statement (identifier) @binding.name @binding.global) @binding
; r = self.repo / self.repo = repo: the binding takes that name's type; r = xs[i] is an item of xs,
; r = xs[:] a list like xs
(assignment left: (identifier) @binding.name right: [(identifier) (attribute) (subscript)] @binding.from) @binding
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  right: [(identifier) (attribute) (subscript)] @binding.from) @binding
  (#eq? @_self "self"))
; x = a if c else b, x = a or b(): x is one of the alternatives; out = [], seen = {}: a list, a dict
(assignment left: (identifier) @binding.name right: [(conditional_expression) (boolean_operator) (parenthesized_expression) (binary_operator) (list) (set) (dictionary)] @binding.either) @binding
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  right: [(conditional_expression) (boolean_operator) (parenthesized_expression) (binary_operator) (list) (set) (dictionary)] @binding.either) @binding
  (#eq? @_self "self"))
; xs = [make(y) for y in ys]: a list of what make returns; xs = [b for a, b in pairs]: a list of what b holds
(assignment left: (identifier) @binding.name right: (list_comprehension body: (_ function: (_) @binding.call)) @binding.list) @binding
(assignment left: (identifier) @binding.name right: (list_comprehension body: [(identifier) (attribute)] @binding.from) @binding.list) @binding
; params = list(arguments.unpack()), sorted(xs), self.children = tuple(xs): a list of the elements of what it copies
((assignment left: (identifier) @binding.name
  right: (_ function: (identifier) @_copy arguments: (argument_list . [(identifier) (attribute) (call) (subscript)] @binding.each .)) @binding.list) @binding
  (#any-of? @_copy "list" "tuple" "sorted" "reversed" "set" "frozenset"))
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  right: (_ function: (identifier) @_copy arguments: (argument_list . [(identifier) (attribute) (call) (subscript)] @binding.each .)) @binding.list) @binding
  (#any-of? @_copy "list" "tuple" "sorted" "reversed" "set" "frozenset")
  (#eq? @_self "self"))
((assignment
  left: (_ object: (identifier) @_self) @binding.name
  right: (list_comprehension body: (_ function: (_) @binding.call)) @binding.list) @binding
  (#eq? @_self "self"))
; Alias = Union[A, B], Optional[A], Callable[[A], R], List[A], type[A] at module level: a type alias names those types
((module (expression_statement (assignment left: (identifier) @binding.name right: (subscript value: [(identifier) (attribute)] @_generic) @binding.type) @binding))
  (#match? @_generic "^((typing|t)\\.)?(Union|Optional|Callable|List|Sequence|Iterable|Dict|Mapping|Type|Tuple|list|dict|tuple|type)$"))
; T = TypeVar("T", bound=Foo), X = TypeVar("X", A, B): as a type the name is its bound, or one of its constraints
((module (expression_statement (assignment left: (identifier) @binding.name right: (_ function: [(identifier) (attribute)] @_typevar) @binding.typevar) @binding))
  (#match? @_typevar "^((typing|t|typing_extensions)\\.)?TypeVar$"))
(typed_default_parameter name: (identifier) @binding.name type: (_) @binding.type) @binding
; for x in xs / [… for x in self.items()]: x is an element of what is iterated (of anything: the
; loop rebinds x even when what it iterates is not known)
(for_statement left: (identifier) @binding.name right: (_) @binding.each) @binding
(for_in_clause left: (identifier) @binding.name right: [(identifier) (attribute) (call)] @binding.each) @binding
; for a, b in pairs, [b for a, b in pairs]: each name is the item at its position of an element of
; pairs (a NamedTuple's fields); enumerate(), zip() and .items() are read below
([(for_statement left: (pattern_list (identifier) @binding.name) @binding.unpacked right: [(identifier) (attribute) (subscript)] @binding.each)
  (for_in_clause left: (pattern_list (identifier) @binding.name) @binding.unpacked right: [(identifier) (attribute) (subscript)] @binding.each)] @binding)
(([(for_statement
    left: (pattern_list (identifier) @binding.name) @binding.unpacked
    right: (_ function: [(identifier) (_ attribute: (identifier))] @_fn) @binding.each)
   (for_in_clause
    left: (pattern_list (identifier) @binding.name) @binding.unpacked
    right: (_ function: [(identifier) (_ attribute: (identifier))] @_fn) @binding.each)] @binding)
  (#not-match? @_fn "(^enumerate|^zip|[.]items)$"))
; for a, b in zip(xs, ys), (f(a, b) for a, b in zip(xs, ys)): each name is an element of the iterable at its position
(([(for_statement
    left: (pattern_list (identifier) @binding.name)
    right: (call function: (identifier) @_zip arguments: (argument_list) @binding.zipped))
   (for_in_clause
    left: (pattern_list (identifier) @binding.name)
    right: (call function: (identifier) @_zip arguments: (argument_list) @binding.zipped))] @binding)
  (#eq? @_zip "zip"))
; for k, v in m.items(): v is a value of the mapping m
((for_statement
  left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (_ function: (_ object: [(identifier) (attribute) (call)] @binding.values attribute: (identifier) @_items))) @binding
  (#eq? @_items "items"))
; except (A, B) as e: within the handler e is an A or a B
(except_clause (as_pattern [(identifier) (attribute) (tuple)] @binding.narrow alias: (as_pattern_target (identifier) @binding.name)) (block) @binding.until) @binding
; for i, x in enumerate(xs): x is an element of xs
((for_statement
  left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (_ function: (identifier) @_enumerate arguments: (argument_list . [(identifier) (attribute) (call)] @binding.each))) @binding
  (#eq? @_enumerate "enumerate"))
; x = cast(Foo, y), t.cast("Foo", y): x has the type given
((assignment left: (identifier) @binding.name right: (_ function: (_) @_cast arguments: (argument_list . (_) @binding.type))) @binding
  (#match? @_cast "^((typing|t)\\.)?cast$"))
; def f(policy=compat32), def f(x=Foo()): an unannotated parameter has its default's type (what a
; checker infers for it)
(default_parameter name: (identifier) @binding.name value: [(identifier) (attribute)] @binding.from) @binding
(default_parameter name: (identifier) @binding.name value: (_ function: (_) @binding.call)) @binding
; with Foo() as x: x is what entering the context manager gives (`Foo().__enter__()`)
(with_item value: (as_pattern [(identifier) (attribute) (call)] @binding.managed alias: (as_pattern_target (identifier) @binding.name))) @binding
(with_statement "async" @binding.async
  (with_clause (with_item value: (as_pattern [(identifier) (attribute) (call)] @binding.managed alias: (as_pattern_target (identifier) @binding.name))))) @binding
; isinstance narrowing (`_`: a call by `function:` and `arguments:`, its argument list, a boolean
; operator by its operator; see "Wildcards" in README.md)
; if isinstance(x, C): …, if … and isinstance(x, C): …, elif …: within the branch x is a C (child
; patterns are ordered, so the test is matched before and after the `and`); x may be an attribute
; path (`isinstance(self.left, JSONPath)`), as checkers narrow those too; after `or`, x may also be
; what it was before (`if isinstance(x, C) or resolve:`)
((if_statement
   condition: [
     (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))
     (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "and")
     (_ operator: "and" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))
     (parenthesized_expression [
       (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "and")
       (_ operator: "and" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))])
     (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "or") @binding.keeps
     (_ operator: "or" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))) @binding.keeps]
   consequence: (block) @binding.until) @binding
  (#eq? @_isinstance "isinstance"))
((elif_clause
   condition: [
     (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))
     (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "and")
     (_ operator: "and" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))
     (parenthesized_expression [
       (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "and")
       (_ operator: "and" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))])
     (_ (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)) operator: "or") @binding.keeps
     (_ operator: "or" (_ function: (identifier) @_isinstance
       arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))) @binding.keeps]
   consequence: (block) @binding.until) @binding
  (#eq? @_isinstance "isinstance"))
; if not isinstance(x, C): raise …, assert isinstance(x, C), assert x is None or isinstance(x, C):
; after the statement, to the end of its block, x is a C
((block
  (if_statement
    condition: (_
      left: (comparison_operator . [(identifier) (attribute)] @_checked . (none) .)
      operator: "and"
      right: (not_operator argument: (_ function: (identifier) @_isinstance
        arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))))
    consequence: (block [(raise_statement) (return_statement) (continue_statement) (break_statement)] .)
    !alternative) @binding @binding.after) @binding.until
  (#eq? @_isinstance "isinstance")
  (#eq? @_checked @binding.name))
((block
  (if_statement
    condition: (not_operator argument: (_ function: (identifier) @_isinstance
      arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))
    consequence: (block [(raise_statement) (return_statement) (continue_statement) (break_statement)] .)
    !alternative) @binding @binding.after) @binding.until
  (#eq? @_isinstance "isinstance"))
; if not isinstance(x, C): … without an else, its block falling through: after it x is a C (the
; test failed) or what the block left it (pyright joins both branches)
((block
  (if_statement
    condition: (not_operator argument: (_ function: (identifier) @_isinstance
      arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))
    consequence: (block (_) @_last .)
    !alternative) @binding @binding.after @binding.keeps) @binding.until
  (#eq? @_isinstance "isinstance")
  (#not-match? @_last "^(raise|return|continue|break|#)"))
((block
  (assert_statement . (_ function: (identifier) @_isinstance
    arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .))) @binding @binding.after) @binding.until
  (#eq? @_isinstance "isinstance"))
((block
  (assert_statement . (_
    left: (comparison_operator . [(identifier) (attribute)] @_checked . (none) .)
    operator: "or"
    right: (_ function: (identifier) @_isinstance
      arguments: (_ . [(identifier) (attribute)] @binding.name . [(identifier) (attribute) (tuple)] @binding.narrow .)))) @binding @binding.after) @binding.until
  (#eq? @_isinstance "isinstance")
  (#eq? @_checked @binding.name))

; ---- returned values (core/extract/returns.ts): return x, return self.y, return make(…), return a or b, return a if c else b
(return_statement [(identifier) (attribute) (call) (subscript)] @returned)
; return a, b / return (a, b): a tuple of those values
(return_statement [(expression_list) (tuple)] @returned)
; return [a, b], return [make(x) for x in xs]: a list of those values
(return_statement [(list) (list_comprehension)] @returned)
; return iter(xs), return list(xs): an iterator (a list) over xs's elements (not sorted(xs): pyright solves its
; type variable only for comparable elements)
((return_statement (call
  function: (identifier) @_copy
  arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (list) (list_comprehension)] @returned.each .)) @returned)
  (#any-of? @_copy "iter" "list" "tuple" "reversed" "set" "frozenset"))
(return_statement (await [(identifier) (attribute) (call)] @returned))
(return_statement (boolean_operator left: [(identifier) (attribute) (call)] @returned operator: "or"))
(return_statement (boolean_operator operator: "or" right: [(identifier) (attribute) (call)] @returned))
(return_statement (conditional_expression . [(identifier) (attribute) (call)] @returned))
(return_statement (conditional_expression [(identifier) (attribute) (call)] @returned .))
; a generator's yield x (not yield from): what iterating a call of it gives
(yield . [(identifier) (attribute) (call) (subscript) (expression_list) (tuple)] @yielded)
