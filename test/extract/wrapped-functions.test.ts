// A module-level name bound to a function passed through a wrapper is that function: React
// components made with forwardRef/memo, lodash's factory-made functions. Values built by calls
// with callbacks inside functions, or on values built in place, are no definitions.
import { describe, expect, it } from 'vitest';
import { allFunctions, extractSource } from './helpers.js';

const names = (record: Awaited<ReturnType<typeof extractSource>>) => allFunctions(record).map((fn) => `${fn.kind} ${fn.qualified_name} L${fn.line}-${fn.end_line}`);

describe('functions bound through a wrapper', () => {
  it('React components made with forwardRef and memo, one wrapper deep, own their calls', async () => {
    const record = await extractSource('src/Button.tsx', [
      "import { forwardRef, memo } from 'react';",
      'export const Button = forwardRef<HTMLButtonElement, Props>((props, ref) => {',
      "  track('render');",
      '  return <button ref={ref}>{props.label}</button>;',
      '});',
      'export const Card = React.memo(function Card({ title }: { title: string }) {',
      '  return <div>{title}</div>;',
      '});',
      'export const Both = memo(forwardRef((props: { a: number }, ref) => null));',
      'const doubled = [1, 2].map((x) => x * 2);',
      'function App() {',
      '  const onClick = useCallback(() => track("click"), []);',
      '  return <Button label="x" onClick={onClick} />;',
      '}',
    ].join('\n'));
    expect(names(record)).toEqual(['arrow Button L2-5', 'arrow Card L6-8', 'arrow Both L9-9', 'function App L11-14']);
    expect(allFunctions(record).find((fn) => fn.name === 'Button')!.signature).toBe('export const Button = forwardRef<HTMLButtonElement, Props>((props, ref)');
    expect(record.calls.filter((call) => call.name === 'track').map((call) => `${call.caller}:${call.line}`)).toEqual(['Button:3', 'App:12']);
  });

  it("lodash's functions made by a factory from a function literal (CommonJS)", async () => {
    const record = await extractSource('groupBy.js', [
      "var createAggregator = require('./_createAggregator');",
      'var groupBy = createAggregator(function(result, value, key) {',
      '  result[key] = value;',
      '});',
      'module.exports = groupBy;',
    ].join('\n'));
    expect(names(record)).toEqual(['arrow groupBy L2-4']);
  });

  it("Effect's dual(arity, fn): the function after the arity is the definition; its parameters and nested functions are its own", async () => {
    const record = await extractSource('src/internal/stream.ts', [
      'export const drop = dual<',
      '  (n: number) => <A>(self: Stream<A>) => Stream<A>,',
      '  <A>(self: Stream<A>, n: number) => Stream<A>',
      '>(2, <A>(self: Stream<A>, n: number): Stream<A> => {',
      '  const loop = (r: number): Channel => readWith(() => loop(r - 1))',
      '  return loop(n)',
      '})',
      'export const take = dual(2, (self: Stream<number>, n: number) => {',
      '  const loop = (r: number): Channel => readWith(() => loop(r))',
      '  return loop(n)',
      '})',
    ].join('\n'));
    expect(names(record)).toEqual(['arrow drop L1-7', 'arrow drop.loop L5-5', 'arrow take L8-11', 'arrow take.loop L9-9']);
    expect(record.bindings.filter((b) => b.name === 'self').map((b) => b.scope)).toEqual(['drop', 'take']);
  });

  it("Effect's generator functions: a declared type before the wrapper, a generic generator (effect-platform)", async () => {
    const record = await extractSource('src/HttpApiBuilder.ts', [
      'export const httpApp: Effect.Effect<',
      '  HttpApp.Default<never>,',
      '  never',
      '> = Effect.gen(function*() {',
      '  const router = yield* Router.router',
      '  return makeApp(router)',
      '})',
      'export const buildMiddleware = Effect.fnUntraced(',
      '  function*<Id extends string>(api: Api<Id>) {',
      '    return makeMiddleware(api)',
      '  }',
      ')',
    ].join('\n'));
    expect(names(record)).toEqual(['arrow httpApp L1-7', 'arrow buildMiddleware L8-12']);
    expect(record.calls.filter((call) => call.name.startsWith('make')).map((call) => `${call.caller}:${call.line}`)).toEqual(['httpApp:6', 'buildMiddleware:10']);
  });
});
