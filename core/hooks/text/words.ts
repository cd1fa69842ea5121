// Identifiers as the words they are made of (`parseHTTPResponse` → parse, http, response;
// `read_config` → read, config), and a light stem so that a person's words meet them
// ("validating tokens" meets `validateToken`).

/** Lower-case words of an identifier: camelCase, PascalCase, snake_case, kebab-case, digits apart. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z\d]+|(?<=\D)(?=\d)|(?<=\d)(?=\D)/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** A crude English stem: enough for plural and -ing/-ed/-er/-ion forms to meet (`tokens`, `validating`, `validator`). */
export function stem(word: string): string {
  let lower = word.toLowerCase();
  if (/[^aeiou]ies$/.test(lower) && lower.length > 4) lower = `${lower.slice(0, -3)}y`;
  const match = /^(.{3,}?)(?:ations?|ation|ings?|ers?|ors?|ions?|ed|es|e|s)$/.exec(lower);
  return match ? match[1] : lower;
}
