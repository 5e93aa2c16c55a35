// One emoji is one character, as a person counts them and as the server validates (api.md):
// the api-client's rule, under the name this library has always exported.
export { countCharacters as countGraphemes } from '@whisp/api-client/validation';
