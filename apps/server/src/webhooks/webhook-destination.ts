import dns from "node:dns";
import type net from "node:net";
import { isPrivateAddress } from "../config/webhook-address.ts";

// Where a webhook may be posted (docs/decisions/0065). A URL someone set to a loopback, private,
// link-local or cloud-metadata address would make the server post into its own network, so in
// production every address the host resolves to is checked at connect time, on the very lookup the
// connection uses: a name cannot pass the check and then resolve elsewhere.

/** The delivery's destination is refused: it stays queued until the URL or the setting changes. */
export class WebhookDestinationRefused extends Error {
  override name = "WebhookDestinationRefused";
}

/** A lookup for http(s).request that fails when any address of the name is private. */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, "", 0);
      return;
    }
    // One private address is enough to refuse: the connection may pick any of them.
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) {
      callback(
        new WebhookDestinationRefused(
          `${hostname} resolves to ${inside.address}, a private address`,
        ),
        "",
        0,
      );
      return;
    }
    const first = addresses[0];
    if (options.all) callback(null, addresses);
    else callback(null, first?.address ?? "", first?.family ?? 4);
  });
};
