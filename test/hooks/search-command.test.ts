// Reading search command lines: what each tool's options mean, and everything left alone.
import { describe, expect, it } from 'vitest';
import { parseSearchCommand } from '../../dist/core/hooks/text/search-command.js';
import { readThroughRegex } from '../../dist/core/hooks/text/search-pattern.js';
import { shellSegments } from '../../dist/core/hooks/text/shell.js';

const CWD = '/p';

describe('parseSearchCommand', () => {
  it('reads grep with clustered and valued options', () => {
    expect(parseSearchCommand('grep -rn "def " src', CWD)).toMatchObject({ tool: 'grep', patterns: ['def '], paths: ['/p/src'], recursive: true });
    expect(parseSearchCommand('grep -rniw --include=*.ts -e handleAction -e onAction .', CWD)).toMatchObject({
      patterns: ['handleAction', 'onAction'], globs: ['*.ts'], ignoreCase: true, word: true, paths: ['/p'],
    });
    expect(parseSearchCommand('grep -rnF -A3 -C 2 "foo(" lib/a.py lib/b.py', CWD)).toMatchObject({ fixed: true, patterns: ['foo('], paths: ['/p/lib/a.py', '/p/lib/b.py'] });
    expect(parseSearchCommand('egrep -r "a|b" .', CWD)).toMatchObject({ patterns: ['a|b'] });
    expect(parseSearchCommand('fgrep -r "x.y" .', CWD)).toMatchObject({ fixed: true });
    expect(parseSearchCommand('grep -l -r --exclude-dir=node_modules Foo /abs/dir', CWD)).toMatchObject({ filesOnly: true, paths: ['/abs/dir'] });
    expect(parseSearchCommand('grep -n foo src/*.py', CWD)).toMatchObject({ paths: ['/p/src'], globs: ['*.py'] });
  });

  it('reads rg, git grep, ag, ack, ugrep and find', () => {
    expect(parseSearchCommand("rg -n -t ts -g '!*.test.ts' --no-heading 'class \\w+Subscriber' src", CWD)).toMatchObject({
      tool: 'rg', types: ['ts'], globs: ['!*.test.ts'], patterns: ['class \\w+Subscriber'], paths: ['/p/src'],
    });
    expect(parseSearchCommand('rg -S --type=py retry', CWD)).toMatchObject({ ignoreCase: true, types: ['py'], paths: [] });
    expect(parseSearchCommand('rg -uu --hidden -m 5 foo', CWD)).toMatchObject({ patterns: ['foo'] });
    expect(parseSearchCommand('git grep -n -w parse_config -- src tests', CWD)).toMatchObject({ tool: 'git grep', word: true, paths: ['/p/src', '/p/tests'] });
    expect(parseSearchCommand('ag -Q --python "foo(" lib', CWD)).toMatchObject({ tool: 'ag', fixed: true, types: ['python'] });
    expect(parseSearchCommand('ack -i --type=ruby Greeter', CWD)).toMatchObject({ tool: 'ack', ignoreCase: true, types: ['ruby'] });
    expect(parseSearchCommand('ugrep -rn -t python "def main"', CWD)).toMatchObject({ tool: 'ugrep', types: ['python'] });
    expect(parseSearchCommand('find . -name "*.py" -type f', CWD)).toMatchObject({ tool: 'find', patterns: ['*.py'], paths: ['/p'] });
    expect(parseSearchCommand('cd src && grep -n greet app.ts', CWD)).toMatchObject({ cwd: '/p/src', paths: ['/p/src/app.ts'] });
    expect(parseSearchCommand('/usr/bin/grep -r x .', CWD)).toMatchObject({ tool: 'grep' });
  });

  it('leaves alone what it does not fully follow', () => {
    const alone = [
      'grep -rn foo . | head -20',
      'rg foo > out.txt',
      'rg foo 2>/dev/null',
      'grep -r $(cat pattern.txt) .',
      'grep -r "$PATTERN" .',
      'grep -r `cat p` .',
      'grep -v foo -r .',
      'grep -rf patterns.txt .',
      'grep foo',
      'rg --files',
      'rg --some-new-flag foo',
      'find . -name "*.py" -exec rm {} \\;',
      'find . -name "*.tmp" -delete',
      'find . ! -name x',
      'grep -r foo . && rm -rf build',
      'grep -r foo .; echo done',
      'grep -r foo . &',
      'LC_ALL=C grep -r foo .',
      'git -C other grep foo',
      'git log --grep foo',
      'grep -r foo ~/code',
      'grep -r foo .\nrm x',
      'cat <<EOF | grep x\nEOF',
      'grep -r foo ( . )',
      'ls -la',
    ];
    for (const command of alone) expect(parseSearchCommand(command, CWD), command).toBeUndefined();
  });
});

describe('shellSegments', () => {
  it('splits commands and redirections with shell quoting', () => {
    expect(shellSegments('sed -i "s/a b/c/" f.py && echo "x > y" >> log.txt')).toEqual([
      { words: [{ text: 'sed', glob: false }, { text: '-i', glob: false }, { text: 's/a b/c/', glob: false }, { text: 'f.py', glob: false }], redirects: [] },
      { words: [{ text: 'echo', glob: false }, { text: 'x > y', glob: false }], redirects: [{ op: '>>', target: 'log.txt' }], joinedBy: '&&' },
    ]);
    expect(shellSegments('grep x \\\n  src')).toEqual([{ words: [{ text: 'grep', glob: false }, { text: 'x', glob: false }, { text: 'src', glob: false }], redirects: [] }]);
    expect(shellSegments('echo $HOME')).toBeUndefined();
    expect(shellSegments('diff <(ls) b')).toBeUndefined();
  });
});

describe('readThroughRegex', () => {
  it('reads regex that only spaces or anchors words as text, and refuses real regex', () => {
    expect(readThroughRegex('def\\s+read_config')).toBe('def read_config');
    expect(readThroughRegex('^\\s*export async function\\s+mergeMap\\b')).toBe('export async function mergeMap');
    expect(readThroughRegex('formatName\\(')).toBe('formatName(');
    expect(readThroughRegex('\\bGreeter\\b')).toBe('Greeter');
    expect(readThroughRegex('retry.*backoff')).toBe('retry backoff');
    expect(readThroughRegex('func (s \\*Server) Start')).toBe('func (s *Server) Start');
    expect(readThroughRegex('^\\s*export (async )?function')).toBeUndefined();
    expect(readThroughRegex('[0-9]+ms')).toBeUndefined();
    expect(readThroughRegex('foo|bar')).toBeUndefined();
  });
});
