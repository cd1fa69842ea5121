// Which indexed files a search looks at: `--path` (a file or directory, project-relative) and
// `--glob` (gitignore-syntax patterns as rg's -g takes them: `*.ts`, `src/**/*.py`, `!**/test/**`).
import ignore, { type Ignore } from 'ignore';

export type FileFilter = (path: string) => boolean;

export function fileFilter(path?: string, globs: readonly string[] = []): FileFilter {
  const base = path === undefined || path === '' || path === '.' ? '' : path.replace(/\/+$/, '');
  const include = matcher(globs.filter((glob) => !glob.startsWith('!')));
  const exclude = matcher(globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1)));
  return (file) =>
    (base === '' || file === base || file.startsWith(`${base}/`)) &&
    (include === undefined || include.ignores(file)) &&
    (exclude === undefined || !exclude.ignores(file));
}

function matcher(globs: string[]): Ignore | undefined {
  const patterns = globs.map((glob) => glob.trim()).filter((glob) => glob !== '');
  return patterns.length > 0 ? ignore({ ignorecase: false }).add(patterns) : undefined;
}
