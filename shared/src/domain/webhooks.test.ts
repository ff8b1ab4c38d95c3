import { describe, expect, it } from 'vitest';
import { parseWebhookSignature, webhookSignedText, webhookUrlAllowed } from './webhooks.ts';

describe('a webhook address', () => {
  it('is HTTPS to somewhere other than this machine, a link-local or a metadata service', () => {
    expect(webhookUrlAllowed('https://crm.example.test/hooks', false)).toBe(true);
    expect(webhookUrlAllowed('https://10.1.2.3/hooks', false)).toBe(true);
    for (const refused of [
      'http://crm.example.test/hooks',
      'https://user:secret@crm.example.test/hooks',
      'https://127.0.0.1/hooks',
      'https://localhost:8443/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://metadata.google.internal/',
      'ftp://crm.example.test/',
      'not an address',
    ])
      expect({ refused, allowed: webhookUrlAllowed(refused, false) }).toEqual({ refused, allowed: false });
  });

  it('may be this machine, over HTTP too, only where the server allows loopback', () => {
    expect(webhookUrlAllowed('http://127.0.0.1:4321/hooks', true)).toBe(true);
    expect(webhookUrlAllowed('http://crm.example.test/hooks', true)).toBe(false);
  });
});

describe('a webhook signature', () => {
  it('is read from its header, over the timestamp and the body as sent', () => {
    expect(webhookSignedText(1_800_000_000, '{"a":1}')).toBe('1800000000.{"a":1}');
    const signature = 'ab'.repeat(32);
    expect(parseWebhookSignature(`t=1800000000,v1=${signature}`)).toEqual({ timestamp: 1_800_000_000, signature });
    expect(parseWebhookSignature('t=soon,v1=abc')).toBeNull();
    expect(parseWebhookSignature(`v1=${signature}`)).toBeNull();
  });
});
