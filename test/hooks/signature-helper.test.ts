// signature-helper on the recorded PreToolUse:Edit/Write payloads, in fixture projects of several
// languages: the signatures of the project code new text calls, and calls whose argument count
// no definition accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHelper } from '../../dist/core/hooks/signature-helper.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

const projects = new Map<string, HookProject>();
beforeAll(async () => {
  for (const fixture of ['projects/mixed', 'graph/py-pkg', 'graph/go-mod', 'graph/rust-crate', 'graph/java-app', 'graph/c-lib', 'graph/overloads']) {
    projects.set(fixture, await openHookProject({}, fixture));
  }
}, 120_000);
afterAll(async () => {
  for (const project of projects.values()) await project.close();
});

async function edit(fixture: string, file: string, old_string: string, new_string: string): Promise<string> {
  const project = projects.get(fixture)!;
  const input = project.toolPayload('PreToolUse-Edit', { file_path: file, old_string, new_string, replace_all: false });
  return contextOf(await run(signatureHelper, input, project));
}

describe('signature-helper', () => {
  it('shows nothing for the recorded edit, which calls nothing of the project', async () => {
    const project = projects.get('projects/mixed')!;
    expect(await run(signatureHelper, project.payload('PreToolUse-Edit'), project)).toEqual(NO_ANSWER);
  });

  it('TypeScript: imported functions, this-methods and constructors, checked', async () => {
    const text = await edit('projects/mixed', 'src/app.ts', 'return `${this.greeting}, ${formatName(name)}`;', 'return `${this.greeting}, ${formatName(name, true)}` + this.greet();');
    expect(text).toContain('formatName  src/format.ts:1  export function formatName(name: string): string');
    expect(text).toContain('⚠ line 1 of the new code: formatName(…) passes 2 arguments, but formatName takes 1');
    expect(text).toContain('⚠ line 1 of the new code: this.greet(…) passes 0 arguments, but Greeter.greet takes 1');
    const ctor = await edit('projects/mixed', 'src/app.ts', "const greeter = new Greeter('Hello');", 'const greeter = new Greeter();');
    expect(ctor).toContain('⚠ line 1 of the new code: new Greeter(…) passes 0 arguments, but Greeter takes 1 (src/app.ts:5 constructor(private readonly greeting: string))');
    expect(await edit('projects/mixed', 'src/app.ts', "new Greeter('Hello')", "new Greeter('Hi')")).toBe('');
  });

  it('Python: from-imports, classes (self not passed), class and static methods, module functions', async () => {
    const ok = await edit('graph/py-pkg', 'src/shop/app.py', 'item.describe()', 'item = Item.parse("x")\n    extra = Item("mug", 2.0)');
    expect(ok).toContain('Item.parse  src/shop/models.py:28  @staticmethod def parse(text)');
    expect(ok).toContain('Item  src/shop/models.py:15  class Item(Base)');
    expect(ok).not.toContain('⚠');
    const bad = await edit('graph/py-pkg', 'src/shop/app.py', 'item.describe()', 'Item("mug")\n    Item.free()\n    invoice.summary(cart, 2)');
    expect(bad).toContain('⚠ line 1 of the new code: Item(…) passes 1 argument, but Item takes 2 (src/shop/models.py:16 def __init__(self, name, price: float))');
    expect(bad).toContain('⚠ line 2 of the new code: Item.free(…) passes 0 arguments, but Item.free takes 1');
    expect(bad).toMatch(/⚠ line 3 of the new code: invoice\.summary\(…\) passes 2 arguments, but summary takes 1/);
  });

  it('Go: same-package and imported package functions', async () => {
    const text = await edit('graph/go-mod', 'main.go', 's.Start()', 's.Start()\n\tserver.NewServer()\n\thelper(1)');
    expect(text).toContain('⚠ line 2 of the new code: server.NewServer(…) passes 0 arguments, but NewServer takes 1');
    expect(text).toContain('⚠ line 3 of the new code: helper(…) passes 1 argument, but helper takes 0');
  });

  it('Rust: imported functions and associated functions', async () => {
    const text = await edit('graph/rust-crate', 'src/main.rs', 'helper();', 'helper(1);\n    let t = Server::new();');
    expect(text).toContain('⚠ line 1 of the new code: helper(…) passes 1 argument, but helper takes 0');
    expect(text).toContain('Server.new  src/net/server.rs');
  });

  it('Java: static imports and methods of the own class', async () => {
    const text = await edit('graph/java-app', 'src/main/java/com/acme/App.java', 'shout("x");', 'shout("x", "y");\n        prepare(1);');
    expect(text).toContain('⚠ line 1 of the new code: shout(…) passes 2 arguments, but Strings.shout takes 1');
    expect(text).toContain('⚠ line 2 of the new code: prepare(…) passes 1 argument, but App.prepare takes 0');
  });

  it('C: a header declaration and its definition', async () => {
    const text = await edit('graph/c-lib', 'src/main.c', 'printf("%d\\n", helper(2));', 'printf("%d\\n", helper(2, 3));');
    expect(text).toContain('⚠ line 1 of the new code: helper(…) passes 2 arguments, but helper takes 1');
  });

  it('overloads: a call may pick any overload, and their signatures are shown', async () => {
    const ts = await edit('graph/overloads', 'src/app.ts', "fromEvent(button, 'click')", "fromEvent(button)");
    expect(ts).toContain('⚠ line 1 of the new code: fromEvent(…) passes 1 argument, but fromEvent takes 2 or 3');
    expect(ts).toContain('\n  overload src/creation.ts:35  export function fromEvent<T>(target: HasEventTargetAddRemove<T>, eventName: string): Observable<T>\n');
    // `append(String)` is not the overload the record stands for, but a call may pick it.
    const java = await edit('graph/overloads', 'src/Buffer.java', 'return pad(0);', 'append("x");\n        return pad(0, 1);');
    expect(java).not.toContain('append(…) passes');
    expect(java).toContain('⚠ line 2 of the new code: pad(…) passes 2 arguments, but Buffer.pad takes 1');
  });

  it('never flags a method of an unknown receiver, and leaves bad input alone', async () => {
    expect(await edit('graph/py-pkg', 'src/shop/app.py', 'item.describe()', 'cart.items.get(1, 2, 3)')).toBe('');
    const project = projects.get('projects/mixed')!;
    expect(await run(signatureHelper, project.toolPayload('PreToolUse-Edit', { file_path: 'src/app.ts', new_string: 42 }), project)).toEqual(NO_ANSWER);
    expect(await run(signatureHelper, project.toolPayload('PreToolUse-Edit', { file_path: '/etc/hosts', new_string: 'f(1)' }), project)).toEqual(NO_ANSWER);
  });

  it('reads a Write\'s whole content', async () => {
    const project = projects.get('projects/mixed')!;
    const input = project.toolPayload('PreToolUse-Write', { file_path: 'src/added.ts', content: "import { formatName } from './format';\nexport const x = formatName();\n" });
    expect(contextOf(await run(signatureHelper, input, project))).toContain('formatName  src/format.ts:1');
  });
});
