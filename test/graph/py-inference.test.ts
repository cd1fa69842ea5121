// Python call resolution through what a type checker infers where the code declares nothing: the
// values unannotated functions return, aliases of classes and functions, parameter defaults,
// isinstance narrowing, `with … as`, closures, globals, attributes assigned in several methods,
// properties, iterables and callable objects. The fixture (py-infer) reproduces constructs of
// asyncio, http.client, tarfile, email, click and rich that pyright resolves and impact missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCallers } from '../../dist/core/graph/callers.js';
import { edgesFrom, openFixture, targetOf, type OpenGraph } from './helpers.js';

describe('Python call resolution without annotations', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('py-infer');
  });
  afterAll(() => project.close());

  const targets = (file: string, callee: string, caller?: string) =>
    edgesFrom(project.graph, file, callee, caller).map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();

  it('an unannotated function returns what its return statements give, through a module-level alias (tarfile.open)', () => {
    expect(targetOf(project.graph, 'pkg/archive.py', 'tar.extractall')).toBe('pkg/archive.py#TarFile.extractall');
    expect(targetOf(project.graph, 'pkg/archive.py', 'tar.close')).toBe('pkg/archive.py#TarFile.close');
    expect(targetOf(project.graph, 'pkg/tasks.py', 'futures.make_plain().cancel')).toBe('pkg/futures.py#Future.cancel');
    // A generator's `return` is not what calling it gives.
    expect(targetOf(project.graph, 'pkg/archive.py', 'tar.members().close')).toBe('unresolved');
  });

  it('unpacking a call gives the union of the tuples its returns give, or a returned list\'s elements (paramiko SFTPClient._request)', () => {
    expect(targetOf(project.graph, 'pkg/packets.py', 'msg.get_string')).toBe('pkg/packets.py#Message.get_string');
    expect(targetOf(project.graph, 'pkg/packets.py', 'other.get_string')).toBe('pkg/packets.py#Message.get_string');
  });

  it('the first target of a chained assignment holds the value (paramiko t = self._transport = transport_factory(…))', () => {
    expect(targetOf(project.graph, 'pkg/packets.py', 'client.readlink', 'Session.open')).toBe('pkg/packets.py#Client.readlink');
  });

  it('a call through an alias is not claimed for the original, as a checker finds calls by name', () => {
    expect(targetOf(project.graph, 'pkg/archive.py', 'open', 'unpack')).toBe('unresolved');
    expect(targetOf(project.graph, 'pkg/futures.py', '_PyFuture')).toBe('unresolved');
    expect(targetOf(project.graph, 'pkg/client.py', 'self.response_class')).toBe('unresolved');
  });

  it('a class alias is a base class: super() calls reach the aliased class (asyncio Task(futures._PyFuture))', () => {
    expect(targetOf(project.graph, 'pkg/tasks.py', 'super().cancel')).toBe('pkg/futures.py#Future.cancel');
    expect(targetOf(project.graph, 'pkg/tasks.py', 'super().set_result')).toBe('pkg/futures.py#Future.set_result');
    expect(targetOf(project.graph, 'pkg/tasks.py', 'Task')).toBe('pkg/futures.py#Future.__init__');
  });

  it('a class attribute holding a class constructs it; an attribute holds what any method assigns it (http.client)', () => {
    expect(targetOf(project.graph, 'pkg/client.py', 'response.begin')).toBe('pkg/client.py#HTTPResponse.begin');
    expect(targetOf(project.graph, 'pkg/client.py', 'response.close', 'HTTPConnection.close')).toBe('pkg/client.py#HTTPResponse.close');
  });

  it('an unannotated parameter has its default value\'s type (email.message policy=compat32)', () => {
    expect(targetOf(project.graph, 'pkg/client.py', 'self.policy.header_fetch_parse')).toBe('pkg/policy.py#Compat32.header_fetch_parse');
  });

  it('a parameter defaulting to the name it shadows has that name\'s value where the function is defined; in a package, an imported submodule is a name (yaml)', () => {
    expect(targetOf(project.graph, 'pkg/yamlish/__init__.py', 'loader.check_token')).toBe('pkg/yamlish/loader.py#Loader.check_token');
    expect(targetOf(project.graph, 'pkg/yamlish/__init__.py', 'loader.Loader.add_constructor')).toBe('pkg/yamlish/loader.py#Loader.add_constructor');
    // A class a function returns as type[Loader] may be a subclass: its calls are not constructions of Loader (platformdirs).
    expect(targetOf(project.graph, 'pkg/yamlish/__init__.py', 'PlatformLoader(stream).check_token')).toBe('pkg/yamlish/loader.py#Loader.check_token');
    const constructions = directCallers(project.graph, { file: 'pkg/yamlish/loader.py', name: 'Loader' }, true, 'abstract').map(({ edge }) => edge.from.name);
    expect(constructions).not.toContain('platform_scan');
    // A rebinding in the body reads the (untyped) parameter, not the module's name.
    expect(targetOf(project.graph, 'pkg/yamlish/__init__.py', 'shared.check_token')).toBe('unresolved');
  });

  it('a binding made in a branch leaves the one before it possible; binary operators give what their methods return (pyparsing)', () => {
    expect(targetOf(project.graph, 'pkg/grammar.py', 'self.expr.streamline')).toBe('pkg/grammar.py#ParserElement.streamline');
    expect(targetOf(project.graph, 'pkg/grammar.py', '(a + b).streamline')).toBe('pkg/grammar.py#ParserElement.streamline');
    expect(targetOf(project.graph, 'pkg/grammar.py', '(a | b).copy')).toBe('pkg/grammar.py#ParserElement.copy');
    expect(targetOf(project.graph, 'pkg/grammar.py', '("u" + a).copy')).toBe('pkg/grammar.py#ParserElement.copy');
  });

  it('a class body reads the names bound before it in it; its methods do not (pyparsing_common)', () => {
    const file = 'pkg/grammar.py';
    expect(targetOf(project.graph, file, 'fraction.streamline')).toBe(`${file}#ParserElement.streamline`);
    expect(targetOf(project.graph, file, 'either.streamline')).toBe(`${file}#ParserElement.streamline`);
    expect(targetOf(project.graph, file, '(integer + "/" + integer).copy')).toBe(`${file}#ParserElement.copy`);
    expect(targetOf(project.graph, file, 'Common.either.copy')).toBe(`${file}#ParserElement.copy`);
    expect(targetOf(project.graph, file, 'integer.streamline', 'Common.method')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'quoted.streamline')).toBe(`${file}#ParserElement.streamline`);
    expect(targetOf(project.graph, file, '_make_cmp')).toBe(`${file}#Common._make_cmp`);
  });

  it('a generator gives an iterable of what it yields, through a property and __iter__ too (wadllib); not through yield from', () => {
    const file = 'pkg/generators.py';
    expect(targetOf(project.graph, file, 'representation.params')).toBe(`${file}#Representation.params`);
    expect(targetOf(project.graph, file, 'each.params')).toBe(`${file}#Representation.params`);
    expect(targetOf(project.graph, file, 'anything.params')).toBe('unresolved');
  });

  it('with a @contextmanager (or @asynccontextmanager) generator binds what it yields (trio)', () => {
    const file = 'pkg/managers.py';
    expect(targetOf(project.graph, file, 'a.send_all')).toBe(`${file}#Stream.send_all`);
    expect(targetOf(project.graph, file, 'b.send_all')).toBe(`${file}#Stream.send_all`);
    expect(targetOf(project.graph, file, 's.send_all')).toBe(`${file}#Stream.send_all`);
    // Entering a bare generator (no context manager) gives no project value: its members are the runtime's.
    expect(targetOf(project.graph, file, 'c.send_all')).toBe('external');
  });

  it('unpacking a class call takes the items of the tuple its __new__ declares (trio open_memory_channel)', () => {
    const file = 'pkg/channels.py';
    expect(targetOf(project.graph, file, 's.send')).toBe(`${file}#Sender.send`);
    expect(targetOf(project.graph, file, 'r.receive')).toBe(`${file}#Receiver.receive`);
  });

  it('a method of a class\'s metaclass is read through the class (trio NoPublicConstructor._create)', () => {
    const file = 'pkg/channels.py';
    expect(targetOf(project.graph, file, 'Task._create')).toBe(`${file}#NoPublicConstructor._create`);
    expect(targetOf(project.graph, file, 'Nursery._create')).toBe('unresolved');
  });

  it('a class attribute holding a descriptor reads as what its __get__ returns (referencing)', () => {
    const file = 'pkg/descriptors.py';
    expect(targetOf(project.graph, file, 'specification.create_resource')).toBe(`${file}#Specification.create_resource`);
    expect(targetOf(project.graph, file, 'default.plain.run')).toBe(`${file}#_Plain.run`);
  });

  it('an attrs or dataclass field is what its factory makes, or the type= it declares (trio)', () => {
    const file = 'pkg/fields.py';
    expect(targetOf(project.graph, file, 'self.wakeup.close', 'EntryQueue.close')).toBe(`${file}#Wakeup.close`);
    expect(targetOf(project.graph, file, 'self.typed.close')).toBe(`${file}#Wakeup.close`);
    expect(targetOf(project.graph, file, 'self.other.close')).toBe('external');
    expect(targetOf(project.graph, file, 'self.wakeup.close', 'Runner.close')).toBe(`${file}#Wakeup.close`);
  });

  it('a name declared Final without a type argument has its value\'s type (trio)', () => {
    const file = 'pkg/finals.py';
    for (const callee of ['GLOBAL_RUN_CONTEXT.current', 'OTHER.current', 'QUALIFIED.current', 'Holder.LIMIT.current']) {
      expect(targetOf(project.graph, file, callee), callee).toBe(`${file}#RunContext.current`);
    }
  });

  it('an alias of type[C] is the class object: calling a value of it makes a C (openapi_spec_validator)', () => {
    const file = 'pkg/aliases.py';
    expect(targetOf(project.graph, file, 'v.validate')).toBe(`${file}#Validator.validate`);
  });

  it('a class name also declared Any is called as the class, but what it makes is unknown (trio test_windows_pipes)', () => {
    const file = 'pkg/platforms.py';
    expect(targetOf(project.graph, file, 'Pipe')).toBe('pkg/transports.py#Pipe');
    expect(targetOf(project.graph, file, 'pipe.fileno')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'typed_pipe().fileno')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'transport.close')).toBe('pkg/transports.py#Transport.close');
  });

  it('a TypeVar as a type is its bound or one of its constraints (referencing)', () => {
    const file = 'pkg/typevars.py';
    expect(targetOf(project.graph, file, 'retrieved.value.pointer')).toBe(`${file}#Resource.pointer`);
    expect(targetOf(project.graph, file, 'bounded.resolve')).toBe(`${file}#Anchor.resolve`);
    expect(targetOf(project.graph, file, 'free.resolve')).toBe('external');
  });

  it('PEP 484 type comments type parameters, returns and assignments; a function made in a method with its own self is no method (asttokens, attrs)', () => {
    const file = 'pkg/legacy.py';
    expect(targetOf(project.graph, file, 'self._code.next_token')).toBe(`${file}#Tokens.next_token`);
    expect(targetOf(project.graph, file, 'self._code.next_token("a").prev_token')).toBe(`${file}#Tokens.prev_token`);
    expect(targetOf(project.graph, file, 'tokens.next_token')).toBe(`${file}#Tokens.next_token`);
    expect(targetOf(project.graph, file, 'self.__repr__')).toBe('unresolved');
    for (const callee of ['found.prev_token', 'self._pending.prev_token', 'Frame.current.prev_token', 'self.source.prev_token', 'LATEST.prev_token']) {
      expect(targetOf(project.graph, file, callee), callee).toBe(`${file}#Tokens.prev_token`);
    }
  });

  it('a nested function rebound only in a branch, or defined in one, may still be called (pyparsing escape_re_range_char, attrs fmt_setter)', () => {
    expect(targets('pkg/grammar.py', 'escape_char')).toEqual(['pkg/grammar.py#ranges.escape_char']);
    expect(targets('pkg/grammar.py', 'fmt_setter')).toEqual(['pkg/grammar.py#setters.fmt_setter']);
  });

  it('a global assigned by functions holds those values; a test that raises narrows what is assigned (asyncio event loop policy)', () => {
    expect(targets('pkg/policy.py', 'get_policy().get_event_loop')).toEqual(['pkg/policy.py#DefaultPolicy.get_event_loop', 'pkg/policy.py#Policy.get_event_loop']);
  });

  it('isinstance narrows: after a test that raises, after an assert, inside a branch, in an except clause', () => {
    expect(targetOf(project.graph, 'pkg/transports.py', 'transp.get_protocol')).toBe('pkg/transports.py#Transport.get_protocol');
    expect(targetOf(project.graph, 'pkg/transports.py', 'self._reader.exception')).toBe('pkg/transports.py#Reader.exception');
    expect(targetOf(project.graph, 'pkg/transports.py', 'obj.get_protocol')).toBe('pkg/transports.py#Transport.get_protocol');
    expect(targetOf(project.graph, 'pkg/transports.py', 'e.show')).toBe('pkg/transports.py#TransportError.show');
  });

  it('isinstance narrows an attribute path until the path is assigned again (jsonpath_ng, traitlets)', () => {
    const file = 'pkg/transports.py';
    expect(targetOf(project.graph, file, 'self.left.get_protocol')).toBe(`${file}#Transport.get_protocol`);
    expect(targets(file, 'self.right.exception')).toEqual([`${file}#Reader.exception`, `${file}#Reader.exception`]);
    expect(targetOf(project.graph, file, 'self.left.fileno')).toBe(`${file}#Pipe.fileno`);
    expect(targets(file, 'self.left.close')).toEqual(['unresolved', 'unresolved']);
  });

  it('x = x.f(): the call reads x as it was before the line rebinds it (traitlets, flask)', () => {
    expect(targetOf(project.graph, 'pkg/transports.py', 'value.get_value')).toBe('pkg/transports.py#Lazy.get_value');
  });

  it('with … as takes what __enter__ returns; a tuple assignment binds item by item', () => {
    expect(targetOf(project.graph, 'pkg/transports.py', 'runner.run')).toBe('pkg/transports.py#Runner.run');
    expect(targetOf(project.graph, 'pkg/transports.py', 'tmp.fileno')).toBe('pkg/transports.py#Pipe.fileno');
  });

  it('a closure sees every value its enclosing function gives the name when it assigns it again later (asyncio gather)', () => {
    expect(targets('pkg/tasks.py', 'outer.set_result')).toEqual(['pkg/futures.py#Future.set_result', 'pkg/tasks.py#Task.set_result']);
  });

  it('conditional and `or` initialisers, indexing, slices, comprehensions and mapping items (rich, click)', () => {
    const file = 'pkg/values.py';
    for (const callee of ['self.console.print', 'self.other.print', 'hook.print', 'self._by_name[name].print', 'console.print']) {
      expect(targetOf(project.graph, file, callee, 'Live.refresh'), callee).toBe(`${file}#Console.print`);
    }
    expect(targetOf(project.graph, file, 'copies[0].copy')).toBe(`${file}#Text.copy`);
    expect(targetOf(project.graph, file, 'resource.copy')).toBe(`${file}#Text.copy`);
    // A mapping copied from a typed parameter into an attribute keeps its values' type (jinja2 PrefixLoader).
    expect(targetOf(project.graph, file, 'console.print', 'Registry.print_all')).toBe(`${file}#Console.print`);
    // Its values() iterates those values (pip's `for pth in self._pth.values()`).
    expect(targetOf(project.graph, file, 'listed.print')).toBe(`${file}#Console.print`);
  });

  it('a tuple is its items by position: declared, in a list, returned by an unannotated function; an iterated literal is any of its items (flask, trio)', () => {
    const file = 'pkg/values.py';
    expect(targetOf(project.graph, file, 'token.reset')).toBe(`${file}#Token.reset`);
    expect(targetOf(project.graph, file, 'text.copy')).toBe(`${file}#Text.copy`);
    expect(targetOf(project.graph, file, 'each.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, 'client.copy')).toBe(`${file}#Text.copy`);
    expect(targetOf(project.graph, file, 'server.print')).toBe(`${file}#Console.print`);
    expect(targetOf(project.graph, file, 'console.print', 'use_pairs')).toBe(`${file}#Console.print`);
    // Iterating a tuple or list literal.
    expect(targetOf(project.graph, file, 'item.copy')).toBe(`${file}#Text.copy`);
    expect(targetOf(project.graph, file, 'each_text.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, 'mixed.copy')).toBe('unresolved');
    // A generator yielding tuples, copied by list(…); unpacking an item of the copy (jedi).
    expect(targetOf(project.graph, file, 'first.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, 'each_value.copy')).toBe(`${file}#Text.copy`);
  });

  it('type aliases, properties, __iter__, __call__, a receiver not named self, a name rebound from itself', () => {
    const file = 'pkg/values.py';
    expect(targetOf(project.graph, file, 'renderable.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, 'self._theme_stack.pop_theme')).toBe(`${file}#ThemeStack.pop_theme`);
    expect(targetOf(project.graph, file, 'line.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, 'doc.stylize')).toBe(`${file}#Text.stylize`);
    expect(targetOf(project.graph, file, '__self.inner')).toBe(`${file}#Frame.inner`);
    expect(targetOf(project.graph, file, 'frame.forward')).toBe(`${file}#Frame.forward`);
    // A property read is still a read of the getter itself, as the object of a longer access too (`self._theme_stack.pop_theme()`).
    const getter = directCallers(project.graph, { file, name: 'Live._theme_stack' }, false, 'none').map(({ edge }) => `${edge.line}:${edge.reference ?? false}`);
    expect(getter).toEqual(['75:true', '76:true']);
  });

  it('unpacking a NamedTuple in a for loop gives each name its field\'s type (rich Segment)', () => {
    expect(targetOf(project.graph, 'pkg/values.py', 'style.render')).toBe('pkg/values.py#Style.render');
  });

  it('a loop variable shadows a later binding of the name, whatever it iterates', () => {
    expect(targetOf(project.graph, 'pkg/values.py', 'h.close')).toBe('unresolved');
  });

  it('a class-body annotation declares the attribute there: it hides a later base\'s method of that name (jedi StubNameMixin infer: Any)', () => {
    const file = 'pkg/mixins.py';
    expect(targetOf(project.graph, file, 'super().infer', 'StubName.names')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'name.infer')).toBe('external');
    expect(targetOf(project.graph, file, 'self.goto')).toBe(`${file}#Name.goto`);
    expect(targetOf(project.graph, file, 'leaf.goto')).toBe(`${file}#Name.goto`);
    expect(targetOf(project.graph, file, 'super().infer', 'Leaf.infer')).toBe(`${file}#Name.infer`);
  });

  it('a method\'s local variable named cls is that variable, not the class (jedi for cls in mro); cls.__new__(cls) makes an instance', () => {
    const file = 'pkg/loops.py';
    expect(targetOf(project.graph, file, 'cls.goto', 'Script.names')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'cls', 'Script.names')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'cls.goto', 'Script.build')).toBe(`${file}#Script.goto`);
    expect(targetOf(project.graph, file, 'made.goto')).toBe(`${file}#Script.goto`);
    expect(targetOf(project.graph, file, 'Script.blank().goto')).toBe(`${file}#Script.goto`);
    // The instance a __new__ makes and names self (email.headerregistry).
    expect(targetOf(project.graph, file, 'self.init')).toBe(`${file}#Header.init`);
  });

  it('a list indexed by an untyped parameter gives no known item, as pyright cannot choose between index and slice (jedi)', () => {
    const file = 'pkg/indexing.py';
    const lazy = `${file}#Lazy.infer`;
    expect(targetOf(project.graph, file, 'first.infer')).toBe(lazy);
    expect(targetOf(project.graph, file, 'items[i].infer')).toBe(lazy);
    expect(targetOf(project.graph, file, 'items[default].infer')).toBe(lazy);
    expect(targetOf(project.graph, file, 'items[index].infer', 'typed_at')).toBe(lazy);
    expect(targetOf(project.graph, file, 'chosen.infer')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'items[index].infer', 'item_at')).toBe('unresolved');
  });

  it('after `if isinstance(x, C) or …:` x is a C or what it was before, a name or an attribute path (jedi BaseName.type)', () => {
    const file = 'pkg/either.py';
    const both = [`${file}#Name.infer`, `${file}#SubName.infer`];
    expect(targets(file, 'self._name.infer')).toEqual([`${file}#SubName.infer`]);
    expect(targets(file, 'self.known.infer')).toEqual([...both, `${file}#Name.infer`].sort());
    expect(targets(file, 'name.infer')).toEqual([`${file}#SubName.infer`]);
    expect(targets(file, 'known.infer')).toEqual(both);
    // `(a or b).m()`: either of them.
    expect(targets(file, '(self.primary or self.fallback).infer')).toEqual(both);
  });

  it('isinstance of a class declared in a function narrows to it, in that class\'s own methods too (networkx Blossom.leaves)', () => {
    const file = 'pkg/either.py';
    expect(targetOf(project.graph, file, 't.leaves', 'matching.Blossom.leaves')).toBe(`${file}#matching.Blossom.leaves`);
  });

  it('a returned list, comprehension or iter(list) is a list of its items; a comprehension unpacking (key, value) pairs lists the values (jedi lazy values)', () => {
    const file = 'pkg/lazies.py';
    const known = `${file}#LazyKnownValues.infer`;
    const either = [`${file}#LazyKnownValues.infer`, `${file}#LazyTreeValue.infer`];
    // iter([LazyKnownValues()]) beside a value of type Any.
    expect(targets(file, 'lazy_value.infer')).toEqual([known]);
    expect(targets(file, 'lazy_meta.infer')).toEqual(either);
    expect(targets(file, 'lazy_base.infer')).toEqual(either);
    expect(targets(file, 'each.infer')).toEqual(either);
    // A list of values of different types is a list of Unknown to pyright.
    expect(targets(file, 'either.infer')).toEqual(['unresolved']);
    // A class attribute holding a class, called in a returned comprehension (jedi's filters).
    expect(targets(file, 'fixture.infer')).toEqual([`${file}#Name.infer`]);
  });

  it('unpacking a list gives its elements, two levels deep too: (k1, v1), (k2, v2) = pairs (jedi finder)', () => {
    const file = 'pkg/lazies.py';
    const either = [`${file}#LazyKnownValues.infer`, `${file}#LazyTreeValue.infer`];
    expect(targets(file, 'lazy_cls.infer')).toEqual(either);
    expect(targets(file, 'other.infer')).toEqual(either);
  });

  it('a loop over reversed(list(xs)) iterates xs\'s elements, unless the name is no builtin there (jedi get_calling_nodes)', () => {
    const file = 'pkg/lazies.py';
    expect(targetOf(project.graph, file, 'calling_name.goto')).toBe(`${file}#SubModuleName.goto`);
    expect(targetOf(project.graph, file, 'listed_name.goto')).toBe('unresolved');
  });

  it('after `if not isinstance(x, C):` whose block falls through x is a C or what it was; not inside the block (jedi _resolve_names)', () => {
    const file = 'pkg/lazies.py';
    expect(targetOf(project.graph, file, 'name.goto')).toBe(`${file}#SubModuleName.goto`);
    expect(targetOf(project.graph, file, 'other_name.goto')).toBe('unresolved');
  });

  it('attributes unpacked from a call\'s tuple, lists built from an iterable and names zipped from several or enumerated have those types (starlette routing, marshmallow Tuple, httpcore pool)', () => {
    const file = 'pkg/routes.py';
    expect(targetOf(project.graph, file, 'self.param_convertors["x"].convert')).toBe(`${file}#Convertor.convert`);
    expect(targetOf(project.graph, file, 'route.matches', 'Router.__call__')).toBe(`${file}#BaseRoute.matches`);
    expect(targetOf(project.graph, file, 'child.convert')).toBe(`${file}#Convertor.convert`);
    expect(targetOf(project.graph, file, 'convertor.convert')).toBe(`${file}#Convertor.convert`);
    expect(targetOf(project.graph, file, 'route.matches', 'Pairs.run')).toBe(`${file}#BaseRoute.matches`);
    expect(targetOf(project.graph, file, 'expired.matches')).toBe(`${file}#BaseRoute.matches`);
    expect(targetOf(project.graph, file, 'each.matches')).toBe('unresolved');
  });

  it('Type[M] of a type variable bound to a class is that class; declarations under `if TYPE_CHECKING:` in a class body are its attributes (pydantic BaseModel)', () => {
    const file = 'pkg/models.py';
    expect(targetOf(project.graph, file, 'cls._enforce_dict')).toBe(`${file}#BaseModel._enforce_dict`);
    expect(targetOf(project.graph, file, 'field.validate')).toBe(`${file}#ModelField.validate`);
  });

  it('a name imported in several branches holds any of the modules there, the last one imported read from elsewhere; awaiting an Awaitable[T] gives a T (psutil _psplatform, tqdm.autonotebook)', () => {
    const file = 'pkg/sysinfo.py';
    const targets = edgesFrom(project.graph, file, '_platform.boot_time').map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(targets).toEqual(['pkg/plat_linux.py#boot_time', 'pkg/plat_windows.py#boot_time']);
    expect(targetOf(project.graph, file, 'reader.read_all')).toBe(`${file}#Reader.read_all`);
    // The project's module, not the fallback from outside it.
    expect(targetOf(project.graph, file, 'Speedups().run')).toBe('pkg/plat_linux.py#Speedups.run');
    const speedups = (at: string) => edgesFrom(project.graph, at, 'Speedups().run').map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(speedups('pkg/autoplat.py')).toEqual(['pkg/plat_linux.py#Speedups.run', 'pkg/plat_windows.py#Speedups.run']);
    expect(speedups('pkg/useauto.py')).toEqual(['pkg/plat_linux.py#Speedups.run']);
  });
});
