import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import {
  isValidPublicIPv4Address,
  isValidPublicIPv6Address,
  validatePublicUrl,
} from '@fedify/fedify/runtime';
import { HEAD_BYTES, type SpooledFile, spoolToFile } from './uploads.js';

// Files another server names (a whisp's attachments, a member's avatar) are downloaded the way an
// upload arrives: to a temporary file as the bytes come, within a size known from the first bytes,
// and only from addresses on the public internet.

/** Why a remote file was not taken: logged, never shown to anyone. */
export class RemoteFileRefused extends Error {
  override name = 'RemoteFileRefused';
}

/** Where a download may go: decided for the first URL and again for every redirect. */
export interface AddressPolicy {
  /** Throws RemoteFileRefused when the URL may not be fetched. */
  check(url: URL): Promise<void>;
  /**
   * Resolves a host name when connecting. The check above resolved it once already; a name that
   * answers with a private address the second time (DNS rebinding) is refused here.
   */
  lookup?: LookupFunction;
}

const isPublicAddress = (address: string) =>
  isIP(address) === 6 ? isValidPublicIPv6Address(address) : isValidPublicIPv4Address(address);

const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const [first] = addresses;
    if (!first || addresses.some((entry) => !isPublicAddress(entry.address))) {
      callback(new RemoteFileRefused(`${hostname} resolves to a private address`), '', 0);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

/**
 * The addresses this server may download from: http(s) URLs of public hosts (Fedify's own check,
 * as its document loader makes), or any host when `allowPrivateAddress` (development and tests:
 * WHISP_FEDERATION_ALLOW_PRIVATE). Without it, loopback, private networks, link-local (cloud
 * metadata) and `localhost` are refused, so another server cannot point this one at its own
 * network.
 */
export function addressPolicy(allowPrivateAddress: boolean): AddressPolicy {
  return {
    async check(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new RemoteFileRefused(`${url.protocol} is not http or https`);
      }
      if (allowPrivateAddress) return;
      try {
        await validatePublicUrl(url.href);
      } catch (error) {
        throw new RemoteFileRefused(`${url.host} is not a public address: ${String(error)}`);
      }
    },
    lookup: allowPrivateAddress ? undefined : publicAddressesOnly,
  };
}

export interface DownloadOptions {
  policy: AddressPolicy;
  /**
   * From the file's first bytes (HEAD_BYTES, or all of a smaller file): the most a file of that
   * kind may weigh, or undefined when it is not a kind wanted. The remote server's declared type
   * is never asked.
   */
  maxBytesFor(head: Buffer): number | undefined;
  /** For the whole download, redirects included. */
  timeoutMs: number;
  userAgent: string;
}

// As browsers and Fedify's document loader, a few hops are normal; more is a loop.
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads `url` into the new file `path`, keeping only its first bytes and hash in memory. A
 * refused address, an answer other than 200, a file of an unwanted kind or larger than its kind
 * allows, and a download that outlasts its time all throw, with the partial file removed.
 */
export async function downloadToFile(
  url: URL,
  path: string,
  options: DownloadOptions,
): Promise<SpooledFile> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    let current = url;
    for (let redirects = 0; ; redirects += 1) {
      await options.policy.check(current);
      const response = await get(current, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      // The body of an answer not taken is not read: the connection (this download's own) closes.
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) {
          throw new RemoteFileRefused(`more than ${MAX_REDIRECTS} redirects`);
        }
        current = new URL(location, current);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new RemoteFileRefused(`${current.host} answered ${status}`);
      }
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      const limited = limitedBySniffing(options.maxBytesFor, declared);
      // The download stops with the limit, the timeout or a write that failed.
      limited.once('close', () => response.destroy());
      response.on('error', (error) => limited.destroy(error));
      return await spoolToFile(response.pipe(limited), path);
    }
  } catch (error) {
    if (signal.aborted) {
      throw new RemoteFileRefused(`took longer than ${options.timeoutMs / 1000} s`);
    }
    throw error;
  }
}

function get(url: URL, options: DownloadOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'GET',
      headers: { accept: 'image/*, video/*', 'user-agent': options.userAgent },
      signal,
      lookup: options.policy.lookup,
      // A connection of its own: a pooled one could have been opened without this lookup.
      agent: false,
    });
    request.once('response', resolve);
    // `on`, not `once`: an abort after the answer began may be reported more than once, and an
    // error event nobody listens to would end the process.
    request.on('error', reject);
    request.end();
  });
}

/**
 * Passes bytes through until they are more than the file's kind allows (known from the first
 * HEAD_BYTES) or turn out to be no wanted kind at all: then it fails, which ends the download.
 */
function limitedBySniffing(maxBytesFor: DownloadOptions['maxBytesFor'], declaredLength: number) {
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let limit: number | undefined;
  const decide = () => {
    limit = maxBytesFor(Buffer.concat(head));
    if (limit === undefined) return new RemoteFileRefused('neither a picture nor a video');
    // A length announced beyond the limit is refused without reading the rest.
    if (size > limit || declaredLength > limit) return tooLarge(limit);
    return undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (limit === undefined) {
        const piece = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(piece);
        headLength += piece.length;
        if (headLength >= HEAD_BYTES) {
          const refusal = decide();
          if (refusal) return done(refusal);
        }
      } else if (size > limit) {
        return done(tooLarge(limit));
      }
      done(null, chunk);
    },
    flush(done) {
      done(limit === undefined ? decide() : undefined);
    },
  });
}

const tooLarge = (limit: number) => new RemoteFileRefused(`larger than ${limit} bytes`);
