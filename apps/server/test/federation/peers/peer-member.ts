import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/** Where a fake peer listens: `http://127.0.0.1:<port>` and its `host:port`. */
export interface PeerSite {
  url: string;
  host: string;
  /** The path of the PNG served as every member's avatar, when the peer has one. */
  avatarPath?: string;
}

/** An account of the fake peer, with an RSA key pair of its own. */
export interface PeerMember {
  username: string;
  name: string;
  summary: string;
  actorId: string;
  inbox: string;
  followers: string;
  /** The keyId its signatures carry (`#main-key` on Mastodon, `/main-key` on GoToSocial). */
  keyId: string;
  publicKeyPem: string;
  privateKey: KeyObject;
}

/** A new 2048-bit RSA key pair, as both servers make for each account. */
export function rsaKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}
