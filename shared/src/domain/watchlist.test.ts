import { describe, expect, it } from 'vitest';
import { decidingEntry, visitorWatchKeys, watchKey } from './watchlist.ts';

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
});
