import { vars } from '../theme/contract.css.js';

type Contract = { [key: string]: string | Contract };

/** `space` + `4` → `space[4]`, `color` + `accent` → `color.accent`: as code reads them. */
const member = (path: string, key: string) =>
  /^\d+$/.test(key) ? `${path}[${key}]` : `${path}.${key}`;

/** `vars` flattened: each token's path as code reads it, and its CSS variable's name. */
function variables(contract: Contract, path = 'vars'): Array<[string, string]> {
  return Object.entries(contract).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[member(path, key), value.replace(/^var\((.*)\)$/, '$1')] as [string, string]]
      : variables(value, member(path, key)),
  );
}

/** Every CSS variable of the theme contract by name, read from `vars`, so the list cannot drift. */
export function ThemeVariables() {
  return (
    <table>
      <thead>
        <tr>
          <th>Token in code</th>
          <th>CSS variable</th>
        </tr>
      </thead>
      <tbody>
        {variables(vars).map(([token, name]) => (
          <tr key={name}>
            <td>
              <code>{token}</code>
            </td>
            <td>
              <code>{name}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
