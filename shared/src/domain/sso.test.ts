import { describe, expect, it } from 'vitest';
import { EMAIL_DOMAIN_PATTERN, emailDomain, roleFromClaim } from './sso.ts';

describe('single sign-on rules', () => {
  it('takes the domain of an e-mail address in lower case', () => {
    expect(emailDomain('Ada.Lovelace@Example.COM')).toBe('example.com');
    expect(emailDomain('no-domain@')).toBeNull();
    expect(emailDomain('@example.com')).toBeNull();
    expect(emailDomain('plain')).toBeNull();
  });

  it('accepts domains as companies list them and nothing else', () => {
    expect(
      ['example.com', 'mail.example.co.uk', 'xn--bcher-kva.de'].map((domain) => EMAIL_DOMAIN_PATTERN.test(domain)),
    ).toEqual([true, true, true]);
    expect(
      ['example', '*.example.com', 'Example.com', 'example.com.', '-a.com'].map((domain) =>
        EMAIL_DOMAIN_PATTERN.test(domain),
      ),
    ).toEqual([false, false, false, false, false]);
  });

  it('reads a role from a claim: with or without ROLE_, any case, the highest of a list', () => {
    expect(roleFromClaim('supervisor')).toBe('ROLE_SUPERVISOR');
    expect(roleFromClaim('ROLE_MASTER')).toBe('ROLE_MASTER');
    expect(roleFromClaim(['staff', 'user', 'Master'])).toBe('ROLE_MASTER');
    expect(roleFromClaim('admin')).toBeNull();
    expect(roleFromClaim(['ROLE_TECH_1'])).toBeNull();
    expect(roleFromClaim(42)).toBeNull();
    expect(roleFromClaim(undefined)).toBeNull();
  });
});
