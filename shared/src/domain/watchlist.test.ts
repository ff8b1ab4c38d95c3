import { describe, expect, it } from 'vitest';
import { decidingEntry, hashedWatchAction, visitorWatchKeys, watchHash, watchKey } from './watchlist.ts';

describe('the watchlist key', () => {
  it('matches a name whatever its case, accents, word order and punctuation', () => {
    const listed = watchKey('NAME', 'Zoë Brontë-Lefèvre');
    expect(listed).toBe('bronte lefevre zoe');
    for (const typed of ['zoe bronte lefevre', 'LEFEVRE, Zoé Bronte', '  Brontë  Lefèvre   ZOË ']) {
      expect(watchKey('NAME', typed)).toBe(listed);
    }
    expect(watchKey('NAME', 'Zoë Lefèvre')).not.toBe(listed);
    expect(watchKey('NAME', 'Søren Kierkegaard')).toBe('kierkegaard soren');
    expect(watchKey('NAME', ' - ')).toBeNull();
  });

  it('matches an e-mail whatever its case, a phone by its last 9 digits, a company by its words', () => {
    expect(watchKey('EMAIL', ' Zoe@Example.TEST ')).toBe('zoe@example.test');
    expect(watchKey('EMAIL', 'not an address')).toBeNull();
    expect(watchKey('PHONE', '+33 6 12 34 56 78')).toBe(watchKey('PHONE', '06.12.34.56.78'));
    expect(watchKey('PHONE', '12345')).toBeNull();
    expect(watchKey('COMPANY', 'Société Générale, S.A.')).toBe('societe generale s a');
    expect(watchKey('COMPANY', 'SOCIETE  generale s-a')).toBe('societe generale s a');
  });

  it('keys a visitor by every kind they gave, and a refusal decides before a hold', () => {
    expect(
      visitorWatchKeys({ firstName: 'Zoë', lastName: null, email: 'zoe@x.test', phone: null, companyName: '' }),
    ).toEqual([
      { kind: 'NAME', key: 'zoe' },
      { kind: 'EMAIL', key: 'zoe@x.test' },
    ]);
    const hold = { id: 'h', action: 'HOLD' as const };
    const deny = { id: 'd', action: 'DENY' as const };
    expect(decidingEntry([hold, deny])).toBe(deny);
    expect(decidingEntry([hold])).toBe(hold);
    expect(decidingEntry([])).toBeUndefined();
  });

  it("lets a kiosk judge a visitor by hashes alone: the company's salt and the kind make each hash", async () => {
    const listed = watchKey('NAME', 'Zoë Brontë-Lefèvre') ?? '';
    const hash = await watchHash('salt-a', 'NAME', listed);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toContain('zoe');
    expect(await watchHash('salt-a', 'NAME', listed)).toBe(hash);
    expect(await watchHash('salt-b', 'NAME', listed)).not.toBe(hash);
    expect(await watchHash('salt-a', 'COMPANY', listed)).not.toBe(hash);

    const list = {
      salt: 'salt-a',
      entries: [
        { hash, action: 'HOLD' as const },
        {
          hash: await watchHash('salt-a', 'PHONE', watchKey('PHONE', '+33 6 12 34 56 78') ?? ''),
          action: 'DENY' as const,
        },
      ],
    };
    const visitor = { firstName: 'zoe', lastName: 'LEFEVRE, Bronte', email: null, phone: null, companyName: null };
    expect(await hashedWatchAction(list, visitor)).toBe('HOLD');
    expect(await hashedWatchAction(list, { ...visitor, phone: '06 12 34 56 78' })).toBe('DENY');
    expect(await hashedWatchAction(list, { ...visitor, lastName: 'Lefèvre' })).toBeNull();
    expect(await hashedWatchAction({ salt: 'salt-b', entries: list.entries }, visitor)).toBeNull();
    expect(await hashedWatchAction({ salt: 'salt-a', entries: [] }, visitor)).toBeNull();
  });
});
