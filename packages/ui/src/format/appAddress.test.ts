import { describe, expect, it } from 'vitest';
import { returnPlace, websiteLink } from './appAddress.js';

describe('an app’s website', () => {
  it('links a web page by its host', () => {
    expect(websiteLink('https://www.example.com/apps/ice-cubes?ref=whisp')).toEqual({
      href: 'https://www.example.com/apps/ice-cubes?ref=whisp',
      label: 'example.com',
    });
    expect(websiteLink('http://127.0.0.1:8080')).toEqual({
      href: 'http://127.0.0.1:8080/',
      label: '127.0.0.1:8080',
    });
  });

  it('links nothing that is not a web page', () => {
    expect(websiteLink('javascript:alert(1)')).toBeNull();
    expect(websiteLink('data:text/html,hello')).toBeNull();
    expect(websiteLink('not an address')).toBeNull();
    expect(websiteLink('')).toBeNull();
    expect(websiteLink(null)).toBeNull();
  });
});

describe('where a consent returns the member', () => {
  it('names a web address by its host, port included', () => {
    expect(returnPlace('https://elk.zone/api/whisp.test/oauth')).toBe('elk.zone');
    expect(returnPlace('http://127.0.0.1:4567/callback')).toBe('127.0.0.1:4567');
  });

  it('names an app’s own address as the app wrote it', () => {
    expect(returnPlace('icecubesapp://')).toBe('icecubesapp://');
    expect(returnPlace('com.tapbots.Ivory.10217:/request_token')).toBe(
      'com.tapbots.Ivory.10217:/request_token',
    );
  });
});
