// Qualified names as tldr writes them (`Class.method`, `outer.inner`) from the way a language
// writes them: Rust, C++ and PHP `Type::method`, Ruby `Class#method`, PHP `$obj->method`.
const SEPARATOR = /\s*(?:::|#|->)\s*/g;

/** `Regex::new` → `Regex.new`, `User#save` → `User.save`; other names unchanged. */
export function dottedName(name: string): string {
  return name.replace(SEPARATOR, '.').replace(/^\./, '');
}
