import { Badge, Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReturningVisitor, VisitorType } from '@vestibule/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/ListIcons.tsx';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { entryLogApi } from '../entryLogApi.ts';
import type { DirectoryPerson } from './deskForm.ts';
import classes from './DeskCheckIn.module.css';

const SEARCH_DELAY_MS = 250;

/** Someone the desk found: a returning visitor (by their latest visit) or a person of the directory. */
export type Found = { kind: 'returning'; visitor: ReturningVisitor } | { kind: 'person'; person: DirectoryPerson };

export const foundName = (found: Found) => {
  const who = found.kind === 'returning' ? found.visitor : found.person;
  return [who.firstName, who.lastName].filter(Boolean).join(' ');
};

const foundKey = (found: Found) => (found.kind === 'returning' ? found.visitor.visitId : found.person.id);

/**
 * The desk's search of someone who came before: the building's recent visitors at once, then, as
 * staff type, those whose name, e-mail or company begins so, and the people of the directory (for
 * the roles that read it). Each is checked in at once ("Check in") or fills the form ("Edit").
 */
export function ReturningSearch(props: {
  buildingId: string;
  /** The building's time zone: a last visit is told on its clock, as the entry log tells it. */
  timeZone: string | undefined;
  readsDirectory: boolean;
  /** The one being checked in, whose button spins. */
  busy: string | null;
  onCheckIn: (found: Found) => void;
  onEdit: (found: Found) => void;
  /** Nobody found: the text typed names who arrives. */
  onNewName: (name: string) => void;
}) {
  const { buildingId, timeZone, readsDirectory, busy, onCheckIn, onEdit, onNewName } = props;
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [results, setResults] = useState<{ text: string; found: Found[] } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      entryLogApi.returning(buildingId, debounced, signal),
      readsDirectory && debounced !== '' ? entryLogApi.people(buildingId, debounced, undefined, signal) : [],
    ]).then(
      ([visitors, people]) => {
        if (signal.aborted) return;
        const linked = new Set(visitors.map((visitor) => visitor.personId));
        // Before anything is typed, those who may arrive: not the people inside now.
        const shown = debounced === '' ? visitors.filter((visitor) => !visitor.inside) : visitors;
        setResults({
          text: debounced,
          found: [
            ...shown.slice(0, 5).map((visitor): Found => ({ kind: 'returning', visitor })),
            ...people
              .filter((person) => !linked.has(person.id))
              .slice(0, 5)
              .map((person): Found => ({ kind: 'person', person })),
          ],
        });
      },
      () => !signal.aborted && setResults({ text: debounced, found: [] }),
    );
    return () => controller.abort();
  }, [buildingId, readsDirectory, debounced]);

  const searching = results === null || results.text !== search.trim();
  const heading = results?.text === '' ? t('entryLog.desk.recent') : t('entryLog.desk.matches');
  return (
    <Stack gap="xs">
      <TextInput
        id="desk-find"
        type="search"
        label={t('entryLog.desk.find')}
        placeholder={t('entryLog.desk.findPlaceholder')}
        leftSection={<IconSearch />}
        rightSection={searching && search.trim() !== '' ? <Loader size="xs" aria-hidden /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-controls={listId}
        autoComplete="off"
      />
      <section aria-label={heading} aria-busy={searching} id={listId} data-testid="desk-found">
        {results !== null && results.found.length === 0 ? (
          <Group gap="xs" py={4}>
            <Text size="sm" c="dimmed">
              {results.text === '' ? t('entryLog.desk.noRecent') : t('entryLog.desk.nobody')}
            </Text>
            {results.text !== '' && (
              <Button variant="subtle" size="compact-sm" onClick={() => onNewName(results.text)}>
                {t('entryLog.desk.useName', { name: results.text })}
              </Button>
            )}
          </Group>
        ) : (
          <ul className={classes.found}>
            {results?.found.map((found) => {
              const name = foundName(found) || t('entryLog.list.unnamed');
              const inside = found.kind === 'returning' && found.visitor.inside;
              return (
                <li key={foundKey(found)} className={classes.foundItem} data-testid="desk-found-item">
                  <UnstyledButton
                    className={classes.foundWho}
                    onClick={() => onEdit(found)}
                    aria-label={t('entryLog.desk.editOf', { name })}
                    title={t('entryLog.desk.editOf', { name })}
                  >
                    <Text fw={600} size="sm" component="span" className={classes.foundName}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed" component="span" className={classes.foundFacts}>
                      {facts(found, {
                        type: (type) => t(`people.types.${type}`),
                        fromDirectory: t('entryLog.desk.fromDirectory'),
                        lastVisit: (value) => t('entryLog.desk.lastVisit', { when: format.brief(value, timeZone) }),
                        host: (host) => t('entryLog.desk.withHost', { host }),
                      }).join(' · ')}
                    </Text>
                  </UnstyledButton>
                  <Group gap="xs" wrap="nowrap">
                    {inside ? (
                      <Badge variant="light" color="teal.9">
                        {t('entryLog.desk.inside')}
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        onClick={() => onCheckIn(found)}
                        loading={busy === foundKey(found)}
                        disabled={busy !== null && busy !== foundKey(found)}
                        aria-label={t('entryLog.desk.checkInOf', { name })}
                      >
                        {t('entryLog.desk.checkIn')}
                      </Button>
                    )}
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Stack>
  );
}

/** The words of a found person's facts. */
interface FactWords {
  type: (type: VisitorType) => string;
  fromDirectory: string;
  lastVisit: (value: string) => string;
  host: (host: string) => string;
}

/** What tells one person from another: company, type, their last visit and host, or the directory. */
function facts(found: Found, words: FactWords): string[] {
  const present = (fact: string | null | undefined): fact is string => Boolean(fact);
  if (found.kind === 'person') {
    const { person } = found;
    return [person.companyName, words.type(person.visitorType), words.fromDirectory].filter(present);
  }
  const { visitor } = found;
  return [
    visitor.companyName,
    words.type(visitor.visitorType),
    visitor.inside ? null : words.lastVisit(visitor.lastCheckedInAt),
    visitor.host ? words.host(visitor.host) : null,
  ].filter(present);
}

export { foundKey };
