// The ES modules the CLI bundle loads as they stand in dist/ (the bench harness: it imports an
// ES-only package and loads its suites by path). The bundle's chunks must not call `import()`
// (cli/bundle-loader.cts), so the call is made here, in a module Node compiles itself.
export function importEsm<T>(url: URL): Promise<T> {
  return import(url.href) as Promise<T>;
}
