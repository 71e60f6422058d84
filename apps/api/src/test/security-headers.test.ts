import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy', () => {
  it('allows scripts only from our own files and connections only to our own origin and its socket', async () => {
    const res = await t.request('GET', '/api/health');
    const policy = res.headers.get('content-security-policy')!;
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws://localhost:3000");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('the API reference page allows its inline scripts by hash, not by unsafe-inline', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy')!;
    const scripts = directive(policy, 'script-src')!;
    expect(scripts).not.toContain('unsafe-inline');
    const inline = [...String(res.body).matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)];
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const [, body] of inline) expect(scripts).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  });
});
