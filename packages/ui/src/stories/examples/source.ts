// Example files are real TypeScript, compiled by the package's typecheck; they import the library
// by a relative path, which the docs show as the package name a team would write.
export function exampleSource(raw: string): string {
  return raw.replaceAll(/'(\.\.\/)+index\.js'/g, "'@whisp/ui'").trim();
}
