import { Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { Whereabouts } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';

type Person = Whereabouts['people'][number];

/**
 * Who is where on the map's floor and day (docs/space-booking.md, "Who is where"), when the
 * company shares it: a list to search by name; choosing a person points at their space on the
 * plan. Shown only when the company turned it on.
 */
export function WhoIsWhere({
  people,
  zone,
  pointed,
  onPoint,
}: {
  people: readonly Person[];
  zone: string;
  pointed: string | null;
  onPoint: (spaceId: string | null) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLocaleLowerCase();
  const shown = wanted ? people.filter((person) => person.name.toLocaleLowerCase().includes(wanted)) : people;
  return (
    <section aria-labelledby="who-is-where">
      <Stack gap="xs">
        <Title order={2} size="h4" id="who-is-where">
          {t('booking.whereabouts.title')}
        </Title>
        {people.length === 0 ? (
          <Text size="sm">{t('booking.whereabouts.nobody')}</Text>
        ) : (
          <>
            <TextInput
              label={t('booking.whereabouts.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={360}
            />
            {shown.length === 0 ? (
              <Text size="sm">{t('booking.whereabouts.noMatch', { search: search.trim() })}</Text>
            ) : (
              <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {shown.map((person, index) => (
                  <li key={`${person.spaceId}-${index}`}>
                    <UnstyledButton
                      aria-pressed={pointed === person.spaceId}
                      onClick={() => onPoint(pointed === person.spaceId ? null : person.spaceId)}
                      style={{ padding: '2px 0', fontWeight: pointed === person.spaceId ? 600 : undefined }}
                    >
                      {t('booking.whereabouts.person', {
                        name: person.name,
                        space: person.space,
                        from: format.time(person.startsAt, zone),
                        to: format.time(person.endsAt, zone),
                      })}
                      {person.checkedIn ? ` · ${t('booking.whereabouts.checkedIn')}` : ''}
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Stack>
    </section>
  );
}
