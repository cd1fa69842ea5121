// The pure type-text readers call resolution relies on, on type texts as real code writes them.
import { describe, expect, it } from 'vitest';
import {
  aliasedType, elementType, functionTypeParams, functionTypeThis, goFirstResult, objectTypeMembers, paramType, typeName, typeParamsOf, typeShape,
} from '../../dist/core/graph/type-text.js';

describe('type text', () => {
  it('reads one class name through wrappers, nullability and paths', () => {
    expect(typeName('Optional[Repo]')).toBe('Repo');
    expect(typeName('Repo | None')).toBe('Repo');
    expect(typeName(': readonly Subscriber<T>')).toBe('Subscriber');
    expect(typeName('*pkg.Server')).toBe('pkg.Server');
    expect(typeName('Arc<Mutex<Cache>>')).toBe('Cache');
    // What a capped heritage clause leaves (trpc's `extends Partial<Omit<RootConfig<{…}>, '$types' | …>>`).
    expect(typeName('Omit<>')).toBeUndefined();
    expect(typeName('crate::db::Pool')).toBe('crate.db.Pool');
    expect(typeName('"Node"')).toBe('Node');
    expect(typeName('Partial<Options>')).toBe('Options');
    expect(typeName('string | number')).toBeUndefined();
    expect(typeName('(x: number) => void')).toBeUndefined();
    // Capped by the extractor inside its type arguments (a 12-parameter generic on several lines).
    expect(typeName('FormApi< TFormData, TOnMount, TOnChange, TOnDyn…')).toBe('FormApi');
    expect(typeShape('| FormApi< TFormData, TOnMount, TOnChange, TOnDyn…')).toEqual({ kind: 'named', name: 'FormApi' });
    expect(typeShape('Map<string, Query<TData, TError, …')).toEqual({ kind: 'map', value: 'Query<TData, TError>', container: 'Map' });
    // An indexed access names a member's type; capped, it keeps its tail (extract/text.ts capType).
    expect(typeShape("FieldApiOptions< TParentData, TName, …['form']")).toEqual({ kind: 'member', object: 'FieldApiOptions<TParentData, TName, …', key: 'form' });
    // Written over lines (prettier): blanks at the brackets' edges.
    expect(typeShape('Array< MutationObserver<TData, TError> >')).toEqual({ kind: 'elements', element: 'MutationObserver<TData, TError>', container: 'Array' });
    expect(typeShape('Map< string, Query >')).toEqual({ kind: 'map', value: 'Query', container: 'Map' });
    // A Record's values are its properties; Partial, Required, Readonly and NonNullable keep the members.
    expect(typeShape('Partial<Record<DeepKeys<TFormData>, FieldInfo<TFormData>>>')).toEqual({ kind: 'map', value: 'FieldInfo<TFormData>', container: 'Record' });
    expect(typeShape('Readonly<Array<Foo>>')).toEqual({ kind: 'elements', element: 'Foo', container: 'Array' });
    expect(typeShape("Options['form'] | undefined")).toEqual({ kind: 'alternatives', options: ["Options['form']"] });
    expect(typeShape("List['Node']")).toEqual({ kind: 'elements', element: 'Node', container: 'List' });
    expect(typeShape('t.Tuple[t.Optional[str], t.Optional[Command], t.List[str]]')).toEqual({ kind: 'tuple', items: ['t.Optional[str]', 't.Optional[Command]', 't.List[str]'] });
    expect(typeShape('tuple[Node, ...]').kind).not.toBe('tuple');
  });

  it('classifies declared types into the shapes resolution needs', () => {
    expect(typeShape('(a: A, b?: B) => Result<T>')).toEqual({ kind: 'function', returns: 'Result<T>' });
    expect(typeShape('((value: T) => void) | undefined')).toEqual({ kind: 'alternatives', options: ['((value: T) => void)'] });
    expect(typeShape('Subscriber<T> | Observer<T> | null')).toEqual({ kind: 'alternatives', options: ['Subscriber<T>', 'Observer<T>'] });
    expect(typeShape('Loader & Cache')).toEqual({ kind: 'alternatives', options: ['Loader', 'Cache'] });
    expect(typeShape('QueryObserver[]')).toEqual({ kind: 'elements', element: 'QueryObserver', container: 'Array' });
    expect(typeShape('Array<QueryObserver<any, any>>')).toEqual({ kind: 'elements', element: 'QueryObserver<any, any>', container: 'Array' });
    expect(typeShape('Set<Listener>')).toEqual({ kind: 'elements', element: 'Listener', container: 'Set' });
    expect(typeShape('list[Node]')).toEqual({ kind: 'elements', element: 'Node', container: 'list' });
    expect(typeShape('Map<string, Query<any>>')).toEqual({ kind: 'map', value: 'Query<any>', container: 'Map' });
    expect(typeShape('typeof Scheduler')).toEqual({ kind: 'typeof', name: 'Scheduler' });
    expect(typeShape(': ObservableMap<K, V>')).toEqual({ kind: 'named', name: 'ObservableMap' });
    expect(typeShape('{ [key: string]: number }').kind).toBe('object');
    expect(typeShape('keyof T').kind).toBe('unknown');
  });

  it('reads typing-module spellings: t.Optional, typing.Union, t.List of a forward reference, Type[X]', () => {
    expect(typeShape('t.Optional["BaseLoader"]')).toEqual({ kind: 'named', name: 'BaseLoader' });
    expect(typeShape('Optional[t.List["Parameter"]]')).toEqual({ kind: 'elements', element: 'Parameter', container: 'List' });
    expect(typeShape('typing.Union[Text, str, None]')).toEqual({ kind: 'alternatives', options: ['Text', 'str'] });
    expect(typeShape('t.Dict[str, t.Type["Command"]]')).toEqual({ kind: 'map', value: 't.Type["Command"]', container: 'Dict' });
    expect(typeShape('Mapping[str, BaseLoader]')).toEqual({ kind: 'map', value: 'BaseLoader', container: 'Mapping' });
    expect(typeShape('Callable[[Union[str, Text]], Text]')).toEqual({ kind: 'function', returns: 'Text' });
    expect(typeShape('t.Callable[..., "Parameter"]')).toEqual({ kind: 'function', returns: '"Parameter"' });
    expect(typeShape('t.Sequence[Expr]')).toEqual({ kind: 'elements', element: 'Expr', container: 'Sequence' });
    expect(typeShape('t.Type[Context]')).toEqual({ kind: 'typeof', name: 'Context', ofType: true });
    expect(typeShape('type["Node"]')).toEqual({ kind: 'typeof', name: 'Node', ofType: true });
    expect(typeName('te.Final[Config]')).toBe('Config');
    expect(typeShape('t.ClassVar[Dict[str, Field]]')).toEqual({ kind: 'map', value: 'Field', container: 'Dict' });
    expect(typeShape('Final[Config]')).toEqual({ kind: 'named', name: 'Config' });
  });

  it('reads object type members, methods as function types', () => {
    const members = objectTypeMembers('{ subs: Subscription; readonly next?: (v: T) => void; run(x: number): Task }');
    expect([...members!]).toEqual([['subs', 'Subscription'], ['next', '(v: T) => void'], ['run', '(x: number) => Task']]);
    expect(objectTypeMembers('{ a: A } | null')).toBeUndefined();
  });

  it('reads parameters, function type parameters and their this', () => {
    expect(paramType('init: (a: A) => void')).toBe('(a: A) => void');
    expect(paramType('cb?: Handler = noop')).toBe('Handler');
    expect(paramType('x = 1')).toBeUndefined();
    expect(functionTypeParams('(this: Ctx, value: T, index: number) => R')).toEqual(['T', 'number']);
    expect(functionTypeParams('((...args: Args) => void) | undefined')).toEqual(['Args']);
    expect(functionTypeThis('(this: Subscriber<T>, v: T) => void')).toBe('Subscriber<T>');
    expect(functionTypeThis('(v: T) => void')).toBeUndefined();
    expect(elementType('readonly Foo[]')).toBe('Foo');
    expect(elementType('readonly (AddMarkStep | RemoveMarkStep)[]')).toBe('AddMarkStep | RemoveMarkStep');
    expect(elementType('(A | B)[] | (C)[]')).toBeUndefined();
    // A Python generator or async iterable is iterated as its first type argument.
    expect(elementType('Generator[Foo, None, None]')).toBe('Foo');
    expect(elementType('t.AsyncIterator["Foo"]')).toBe('Foo');
    expect(elementType('AsyncGenerator[Tuple[A, B], None]')).toBe('Tuple[A, B]');
  });

  it('reads what a type alias stands for', () => {
    expect(aliasedType('type P<T> = A<T> | B<T>')).toBe('A<T> | B<T>');
    expect(aliasedType('type F = (x: X) => Y')).toBe('(x: X) => Y');
    expect(aliasedType('type Opaque')).toBeUndefined();
  });

  it('reads generic function types and the call signatures of a type literal (an overloaded function-valued const)', () => {
    expect(typeShape('<A, E, R>(effect: LazyArg<Effect<A, E, R>>) => Effect<A, E, R>')).toEqual({ kind: 'function', returns: 'Effect<A, E, R>' });
    // As the extractor keeps effect's `flatMap: { … }`: doc comments out, the signatures separated.
    const dual = '{ <A, B>(f: (a: A) => Effect<B>): <E>(self: Effect<A, E>) => Effect<B, E> ;<A, E, B>(self: Effect<A, E>, f: (a: A) => Effect<B>): Effect<B, E> }';
    expect(objectTypeMembers(dual)?.get('()')).toBe('(<A, B>(f: (a: A) => Effect<B>) => <E>(self: Effect<A, E>) => Effect<B, E>) & (<A, E, B>(self: Effect<A, E>, f: (a: A) => Effect<B>) => Effect<B, E>)');
    expect(typeShape(dual)).toEqual({
      kind: 'alternatives',
      options: ['(<A, B>(f: (a: A) => Effect<B>) => <E>(self: Effect<A, E>) => Effect<B, E>)', '(<A, E, B>(self: Effect<A, E>, f: (a: A) => Effect<B>) => Effect<B, E>)'],
    });
    // A conditional type is one of its branches (`never` dropped); a nested conditional stays whole.
    expect(typeShape('[Self] extends [never] ? MissingSelfGeneric<"Schema.Class"> : Class<Self, Struct<Fields>>')).toEqual({ kind: 'alternatives', options: ['MissingSelfGeneric<"Schema.Class">', 'Class<Self, Struct<Fields>>'] });
    expect(typeShape('A extends B ? C extends D ? X : Y : never')).toEqual({ kind: 'alternatives', options: ['C extends D ? X : Y'] });
    expect(typeShape('(x: A) => B extends C ? D : E')).toEqual({ kind: 'function', returns: 'B extends C ? D : E' });
    // A signature the extractor capped inside its type parameters gives those before the cut one.
    expect(typeParamsOf('export interface BottomWithoutNew< out T, out Rebuild extends Top, out TypeMakeIn = T, in out Typ…', 'BottomWithoutNew'))
      .toEqual([{ name: 'T' }, { name: 'Rebuild', constraint: 'Top' }, { name: 'TypeMakeIn' }]);
    // With other members too, the call signatures are one member among them.
    expect(typeShape('{ (x: X): R; name: string }')).toEqual({ kind: 'object', members: new Map([['()', '((x: X) => R)'], ['name', 'string']]) });
  });

  it('reads Go slices, arrays and maps', () => {
    expect(typeShape('[]*queue')).toEqual({ kind: 'elements', element: '*queue', container: 'slice' });
    expect(typeShape('[4]int')).toEqual({ kind: 'elements', element: 'int', container: 'slice' });
    expect(typeShape('map[string][]*queue')).toEqual({ kind: 'map', value: '[]*queue', container: 'map' });
    expect(typeShape('map[key]struct{}')).toEqual({ kind: 'map', value: 'struct{}', container: 'map' });
    expect(typeShape('[]')).not.toEqual(expect.objectContaining({ kind: 'elements' }));
  });

  it("reads a Go function's first result out of a result list, named or not (net/http)", () => {
    expect(goFirstResult('(*Request, error)')).toBe('*Request');
    expect(goFirstResult('(resp *Response, err error)')).toBe('*Response');
    expect(goFirstResult('(a, b int)')).toBe('int');
    expect(goFirstResult('(n int)')).toBe('int');
    expect(goFirstResult('(chan int, error)')).toBe('chan int');
    expect(goFirstResult('(func() error, bool)')).toBe('func() error');
    expect(goFirstResult('(map[string]int, error)')).toBe('map[string]int');
    expect(goFirstResult('*Request')).toBeUndefined();
    expect(goFirstResult('func() (int, error)')).toBeUndefined();
  });
});
