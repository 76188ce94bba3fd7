import Fastify from 'fastify';
import { securityHeaders } from '../../app.factory';
import type { AppConfig } from '../../config/config';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

const dev = securityHeaders({ isProduction: false } as AppConfig);
const prod = securityHeaders({ isProduction: true } as AppConfig);

describe('security headers', () => {
  it("are helmet's for the app's options: a CSP without inline script, HSTS and upgrade only in production", () => {
    const h = helmetHeaders(dev);
    expect(h['content-security-policy']).toContain("script-src 'self';");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security']).toBeUndefined();
    const p = helmetHeaders(prod);
    expect(p['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(p['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('refuses options helmet refuses, at start-up rather than on a request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ['self'] } } })).toThrow();
  });

  it('go on every response, errors and unknown routes included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, dev);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/boom', '/missing']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
  });
});
