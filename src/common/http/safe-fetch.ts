import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { forbiddenAddressReason, isAllowListed } from './address-check';

/** A page the crawler will not or could not fetch; the message is shown to studio users. */
export class FetchRefused extends Error {}

export interface SafeFetchOptions {
  allowedHosts: string[];
  maxBytes: number;
  timeoutMs: number;
  userAgent: string;
  maxRedirects?: number;
  /** content types accepted (prefix match); others are refused */
  accept?: string[];
  /** called before each hop (the first request and every redirect target); throws to refuse */
  beforeHop?: (url: URL) => Promise<void>;
}

export interface FetchedPage {
  /** the final URL after redirects */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

interface Target {
  address: string;
  family: 4 | 6;
}

function defaultPort(u: URL): number {
  return Number(u.port || (u.protocol === 'https:' ? 443 : 80));
}

/** Web servers listen here; other ports are where internal services (SSH, Redis, admin consoles) do. */
const WEB_PORTS = new Set([80, 443]);

/**
 * Resolves the host ourselves and refuses it when any of its addresses is special-purpose
 * (loopback, private, link-local, documentation...: see address-check.ts) or its port is not
 * 80 or 443, unless the host is allow-listed (`host` for every port, `host:port` for one). The
 * request then connects to the address we checked, so a second DNS answer (rebinding) cannot
 * send it elsewhere.
 */
async function resolveTarget(u: URL, allowedHosts: string[]): Promise<Target> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = defaultPort(u);
  let addresses: Target[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal as 4 | 6 }];
  else {
    try {
      addresses = (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
    } catch {
      throw new FetchRefused(`cannot resolve host ${host}`);
    }
  }
  const refused = targetRefusal(
    host,
    port,
    addresses.map((a) => a.address),
    allowedHosts,
  );
  if (refused) throw new FetchRefused(refused);
  return addresses[0];
}

/**
 * The guard itself, without any network: why a request to `host:port`, which resolved to
 * `addresses`, is refused, or null when it may go ahead. Tests feed special addresses here.
 */
export function targetRefusal(host: string, port: number, addresses: string[], allowedHosts: string[]): string | null {
  if (!addresses.length) return `cannot resolve host ${host}`;
  if (isAllowListed(host, port, allowedHosts)) return null;
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) return `refused: ${host} resolves to a ${reason} (${address})`;
  }
  if (!WEB_PORTS.has(port))
    return `refused: port ${port} is not fetched (only 80 and 443 unless the host is allow-listed)`;
  return null;
}

function checkUrl(u: URL) {
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new FetchRefused(`refused: only http and https URLs are fetched (${u.protocol})`);
  if (u.username || u.password) throw new FetchRefused('refused: URLs with credentials are not fetched');
}

/** GET with the crawler's safety rules: http(s) only, no special-purpose targets, ports 80 and 443, at most 3 redirects, size and time caps. */
export async function safeFetch(input: string, opts: SafeFetchOptions): Promise<FetchedPage> {
  const deadline = Date.now() + opts.timeoutMs;
  const maxRedirects = opts.maxRedirects ?? 3;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefused('invalid URL');
  }
  for (let hop = 0; ; hop++) {
    checkUrl(url);
    await opts.beforeHop?.(url);
    const target = await resolveTarget(url, opts.allowedHosts);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new FetchRefused(`timed out after ${opts.timeoutMs} ms`);
    const res = await request(url, target, opts, remaining);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= maxRedirects) throw new FetchRefused(`too many redirects (more than ${maxRedirects})`);
      url = new URL(res.location, url);
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new FetchRefused(`HTTP ${res.status}`);
    return { url: url.href, status: res.status, contentType: res.contentType, body: res.body! };
  }
}

interface RawResponse {
  status: number;
  location?: string;
  contentType: string;
  body?: string;
}

function request(url: URL, target: Target, opts: SafeFetchOptions, timeoutMs: number): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err instanceof FetchRefused ? err : new FetchRefused(`fetch failed: ${err.message}`));
    };
    const req = lib.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: defaultPort(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'user-agent': opts.userAgent,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.8',
          'accept-encoding': 'identity',
        },
        // Connect to the address that passed the checks, never to a fresh DNS answer.
        lookup: ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          o?.all
            ? cb(null, [{ address: target.address, family: target.family }])
            : cb(null, target.address, target.family)) as never,
        agent: false,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
        if (status >= 300 && status < 400) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          resolve({ status, location: res.headers.location, contentType });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          resolve({ status, contentType });
          return;
        }
        if (opts.accept && !opts.accept.some((a) => contentType.startsWith(a))) {
          return fail(new FetchRefused(`unsupported content type ${contentType || '(none)'}`));
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes)
          return fail(new FetchRefused(`page too large (${declared} bytes, limit ${opts.maxBytes})`));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes)
            return fail(new FetchRefused(`page too large (over the limit of ${opts.maxBytes} bytes)`));
          chunks.push(c);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const charset = /charset=([^;]+)/.exec(contentType)?.[1]?.trim();
          const encoding: BufferEncoding =
            charset && /^(iso-8859-1|latin1|windows-1252)$/.test(charset) ? 'latin1' : 'utf8';
          resolve({ status, contentType, body: Buffer.concat(chunks).toString(encoding) });
        });
        res.on('error', fail);
      },
    );
    const timer = setTimeout(() => fail(new FetchRefused(`timed out after ${opts.timeoutMs} ms`)), timeoutMs);
    req.on('error', fail);
    req.end();
  });
}
