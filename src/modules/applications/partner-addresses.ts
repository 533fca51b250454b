import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ValidationError, type FieldError } from '../../common/errors.js';
import { isForbiddenAddress } from '../../delivery-engine/address-guard.js';

// docs/contract.md "Calls the hub makes": partner URLs that point at loopback, private, link-local or metadata
// addresses are refused when registered or changed, naming the field, not only when the hub calls them (the delivery
// engine's guard checks again at connect time, since a name may resolve elsewhere later). IPv4 written as
// 127.1, 2130706433, 0177.0.0.1 or 0x7f.0.0.1 arrives here as 127.0.0.1: the WHATWG URL parser normalises it.

export interface PartnerAddressOptions {
  /** ALLOW_PRIVATE_PARTNER_URLS (development and tests): nothing is refused. */
  allowPrivate: boolean;
  /** Name resolution; tests make a name resolve to a forbidden address. */
  lookup?: LookupFunction;
}

export class PartnerAddressCheck {
  private readonly lookup: LookupFunction;

  constructor(private readonly options: PartnerAddressOptions) {
    this.lookup = options.lookup ?? (dnsLookup as LookupFunction);
  }

  /** Throws one ValidationError naming every field whose URL reaches a forbidden address. */
  async check(urls: Record<string, string | null | undefined>): Promise<void> {
    if (this.options.allowPrivate) return;
    const errors: FieldError[] = [];
    await Promise.all(
      Object.entries(urls).map(async ([field, url]) => {
        if (!url) return;
        const host = new URL(url).hostname;
        if (await this.reachesForbidden(host))
          errors.push({ path: `/${field}`, message: `${host} is a loopback, private, link-local or metadata address` });
      }),
    );
    if (errors.length > 0) throw ValidationError.fields(errors);
  }

  private async reachesForbidden(host: string): Promise<boolean> {
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare)) return isForbiddenAddress(bare);
    const addresses = await new Promise<string[] | null>((resolve) => {
      this.lookup(bare, { all: true }, (err, found) =>
        resolve(err ? null : (found as unknown as { address: string }[]).map((a) => a.address)),
      );
    });
    // A name that does not resolve now cannot be judged now; the call-time guard judges it when it does.
    return addresses !== null && addresses.some(isForbiddenAddress);
  }
}
