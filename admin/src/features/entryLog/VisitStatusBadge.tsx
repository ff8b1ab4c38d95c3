import { Badge, Group } from '@mantine/core';
import type { VisitStatus } from '@vestibule/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListIcon } from '../../components/ListIcons.tsx';

/** What a row shows of a visit: its status by the shared rule (refused and cancelled included). */
export type VisitBadgeState = VisitStatus;

export function badgeStateOf(visit: { status: VisitStatus }): VisitBadgeState {
  return visit.status;
}

// Filled badges in shades whose white text reads at 4.5:1 or more (WCAG AA), each with its own
// icon and word: the colour is never the only sign.
const colours: Record<VisitBadgeState, string> = {
  IN: 'teal.9',
  LATE: 'red.9',
  OUT: 'gray.8',
  SOON: 'violet.9',
  TODAY: 'blue.9',
  EXPECTED: 'cyan.9',
  OK: 'indigo.9',
  EXPIRED: 'gray.7',
  REFUSED: 'red.9',
  CANCELLED: 'gray.7',
};

const paths: Record<VisitBadgeState | 'FLAGGED' | 'HELD', ReactNode> = {
  // A raised hand: wait.
  HELD: (
    <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V12m0-6.5v-2a1.5 1.5 0 0 1 3 0V12m0-6.5a1.5 1.5 0 0 1 3 0V12m0-4.5a1.5 1.5 0 0 1 3 0V16a6 6 0 0 1-6 6h-2a7 7 0 0 1-6-3l-2.7-4.5a1.6 1.6 0 0 1 2.7-1.7L8 15" />
  ),
  // An arrow into a door.
  IN: <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12m-3-3 3 3-3 3" />,
  // A clock with an exclamation mark.
  LATE: <path d="M20.9 13.5A9 9 0 1 0 12 21M12 7v5l3 3M19 16v3m0 3v.01" />,
  // An arrow out of a door.
  OUT: <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M21 12H9m3-3-3 3 3 3" />,
  // A clock.
  SOON: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 3" />,
  // A calendar with today's dot.
  TODAY: (
    <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16M12 16h.01" />
  ),
  // A calendar.
  EXPECTED: <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16" />,
  // A clipboard with a tick: the answers are in, the visitor is awaited.
  OK: (
    <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v0a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2zm0 9 2 2 4-4" />
  ),
  // An hourglass.
  EXPIRED: (
    <path d="M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM6 4v2a6 6 0 1 0 12 0V4a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z" />
  ),
  // A no-entry sign.
  REFUSED: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.7 5.7l12.6 12.6" />,
  // A crossed circle.
  CANCELLED: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2 7 4 4m0-4-4 4" />,
  // A flag.
  FLAGGED: <path d="M5 5a5 5 0 0 1 7 0 5 5 0 0 0 7 0v9a5 5 0 0 1-7 0 5 5 0 0 0-7 0zM5 21v-7" />,
};

function BadgeIcon({ state }: { state: VisitBadgeState | 'FLAGGED' | 'HELD' }) {
  return <ListIcon size={14}>{paths[state]}</ListIcon>;
}

/**
 * A visit's status in words with its icon, and "attention" when an answer was flagged; a visitor
 * the watchlist holds at the door shows that instead of a status (they are neither in nor expected).
 */
export function VisitStatusBadge(props: { state: VisitBadgeState; flagged?: boolean; held?: boolean }) {
  const { state, flagged = false, held = false } = props;
  const { t } = useTranslation();
  if (held) {
    return (
      <Badge
        color="pink.9"
        variant="filled"
        leftSection={<BadgeIcon state="HELD" />}
        data-state="HELD"
        title={t('entryLog.status.heldHelp')}
      >
        {t('entryLog.status.held')}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Badge
        color={colours[state]}
        variant="filled"
        leftSection={<BadgeIcon state={state} />}
        data-state={state}
        title={state === 'OK' ? t('entryLog.status.okHelp') : undefined}
      >
        {t(`entryLog.status.${state}`)}
      </Badge>
      {flagged && (
        <Badge
          color="grape.9"
          variant="filled"
          leftSection={<BadgeIcon state="FLAGGED" />}
          title={t('entryLog.status.flaggedHelp')}
        >
          {t('entryLog.status.flagged')}
        </Badge>
      )}
    </Group>
  );
}
