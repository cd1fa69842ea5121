# Dumps Python's own view of each file's definitions, for comparison with tldr's extraction:
# top-level functions and classes, and the methods of top-level classes, with ast's own first
# line (the `def`/`class` line, decorators excluded, as tldr reports Python) and last line. "Top-level" and "method" follow
# nesting through if/try/with/for blocks, the way they do for tldr.
import ast, json, sys

FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)

def walk_defs(body):
    """Definitions reachable from a body without entering another definition."""
    for stmt in body:
        if isinstance(stmt, FUNCS + (ast.ClassDef,)):
            yield stmt
        else:
            for field in ('body', 'orelse', 'finalbody', 'handlers', 'cases'):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list):
                    yield from walk_defs(inner)

def describe(path):
    with open(path, 'rb') as f:
        tree = ast.parse(f.read(), path)
    out = []
    for node in walk_defs(tree.body):
        kind = 'class' if isinstance(node, ast.ClassDef) else 'function'
        out.append({'kind': kind, 'name': node.name, 'line': node.lineno, 'end_line': node.end_lineno})
        if kind == 'class':
            for member in walk_defs(node.body):
                if isinstance(member, FUNCS):
                    out.append({'kind': 'method', 'name': node.name + '.' + member.name,
                                'line': member.lineno, 'end_line': member.end_lineno})
    return out

result = {}
for path in sys.stdin.read().split('\n'):
    if path:
        try:
            result[path] = describe(path)
        except SyntaxError:
            result[path] = None
json.dump(result, sys.stdout)
