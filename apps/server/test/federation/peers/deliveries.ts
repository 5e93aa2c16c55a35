import { expect } from 'vitest';
import { eventually } from '../two-servers.js';
import type { Json } from './json-ld.js';
import type { Delivery, FakePeer } from './peer-server.js';

/** The first verified delivery to `peer` whose activity passes `test`, once it has come. */
export function deliveryTo(peer: FakePeer, test: (activity: Json) => boolean): Promise<Delivery> {
  return eventually(async () => {
    const found = peer.received.find((delivery) => test(delivery.activity));
    expect(found).toBeDefined();
    return found as Delivery;
  });
}
