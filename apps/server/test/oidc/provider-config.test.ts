import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  type ServerProcess,
  ServerStartError,
  startServerProcess,
} from '../../test-support/server-process.mjs';
import { makeTempDir } from '../helpers.js';

const keycloak = {
  id: 'keycloak',
  name: 'Keycloak',
  issuer: 'https://keycloak.example.com/realms/whisp/',
  client_id: 'whisp',
  client_secret: 'the-client-secret',
};

/** The problem lines of the ConfigError that loading `providers` throws. */
function problemsWith(providers: unknown) {
  const value = typeof providers === 'string' ? providers : JSON.stringify(providers);
  try {
    loadConfig({ WHISP_OIDC_PROVIDERS: value });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  throw new Error('The configuration was accepted');
}

describe('WHISP_OIDC_PROVIDERS', () => {
  it('is no provider when unset or blank', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(loadConfig({ WHISP_OIDC_PROVIDERS: '  ' }).oidcProviders).toEqual([]);
  });

  it('reads providers in their order, the issuer without its trailing slash', () => {
    const local = { ...keycloak, id: 'dev', name: 'Dev', issuer: 'http://127.0.0.1:9000' };
    const config = loadConfig({ WHISP_OIDC_PROVIDERS: JSON.stringify([keycloak, local]) });

    expect(config.oidcProviders).toEqual([
      { ...keycloak, issuer: 'https://keycloak.example.com/realms/whisp' },
      local,
    ]);
  });

  it('takes http:// on loopback addresses only', () => {
    for (const issuer of ['http://localhost:8080', 'http://127.0.0.2', 'http://[::1]:9000/realm']) {
      expect(
        loadConfig({ WHISP_OIDC_PROVIDERS: JSON.stringify([{ ...keycloak, issuer }]) })
          .oidcProviders,
      ).toHaveLength(1);
    }
    for (const issuer of [
      'http://keycloak.example.com',
      'http://10.0.0.5',
      'ftp://127.0.0.1',
      'keycloak',
    ]) {
      expect(problemsWith([{ ...keycloak, issuer }])).toEqual([
        'WHISP_OIDC_PROVIDERS[0].issuer must be https://, or http:// on a loopback address',
      ]);
    }
  });

  it('names each field that is wrong, by its place, and never quotes a secret', () => {
    const problems = problemsWith([
      keycloak,
      { id: 'Bad Id', name: '', issuer: 'https://ok.example', client_id: 'x' },
      { ...keycloak, clientId: 'typo' },
    ]);

    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^WHISP_OIDC_PROVIDERS\[1\]\.id must be 1 to 32 lower-case letters/),
        expect.stringMatching(
          /^WHISP_OIDC_PROVIDERS\[1\]\.name must be a name of 1 to 50 characters/,
        ),
        'WHISP_OIDC_PROVIDERS[1].client_secret must be a non-empty string',
        'WHISP_OIDC_PROVIDERS[2] has an unknown field "clientId": expected id, name, issuer, client_id, client_secret',
      ]),
    );
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain('the-client-secret');
  });

  it('refuses two providers with one id (their callbacks would be one URL)', () => {
    expect(problemsWith([keycloak, { ...keycloak, name: 'Another' }])).toEqual([
      'WHISP_OIDC_PROVIDERS[1].id must differ from every other provider’s id',
    ]);
  });

  it('says so when the value is not a JSON array', () => {
    expect(problemsWith('[{"id": ')).toEqual([
      'WHISP_OIDC_PROVIDERS must be JSON: an array of { id, name, issuer, client_id, client_secret }',
    ]);
    expect(problemsWith(keycloak)).toEqual([
      'WHISP_OIDC_PROVIDERS must be a JSON array of { id, name, issuer, client_id, client_secret }',
    ]);
  });
});

describe('the server process with a misconfigured provider', () => {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
  });

  it('refuses to start and names the field', async () => {
    const error = await startServerProcess({
      env: {
        WHISP_DATA_DIR: makeTempDir('oidc-config'),
        WHISP_OIDC_PROVIDERS: JSON.stringify([
          { ...keycloak, issuer: 'http://keycloak.example.com' },
        ]),
      },
    }).then(
      (server) => {
        running.push(server);
        throw new Error(`The server started at ${server.url}, but should have refused`);
      },
      (failure: unknown) => failure,
    );

    if (!(error instanceof ServerStartError)) throw error;
    expect(error.code).toBe(1);
    expect(error.output).toContain(
      'WHISP_OIDC_PROVIDERS[0].issuer must be https://, or http:// on a loopback address',
    );
    expect(error.output).not.toContain('the-client-secret');
  });
});
