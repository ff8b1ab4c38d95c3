import { Button, Loader, Tabs } from '@mantine/core';
import type { VisitDetail } from '@vestibule/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppDialog, DialogActions } from '../../../components/AppDialog.tsx';
import { IconLogin } from '../../../components/ListIcons.tsx';
import { VisitPhoto } from '../../../components/VisitPhoto.tsx';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { useSession } from '../../session/index.ts';
import { badgePagePath } from '../../badge/index.ts';
import { IconCancel, IconCheckOut, IconPrinter } from '../EntryLogIcons.tsx';
import { entryLogApi } from '../entryLogApi.ts';
import { hasBadge, shownName } from '../visitActions.ts';
import { AnswersTab } from './AnswersTab.tsx';
import { CheckInDataTab } from './CheckInDataTab.tsx';
import { CheckOutDataTab } from './CheckOutDataTab.tsx';
import { type DetailAction, detailActionsFor } from './detailActions.ts';

const tabs = ['checkIn', 'checkInQuestionnaires', 'checkOut', 'checkOutQuestionnaires'] as const;
type Tab = (typeof tabs)[number];

/**
 * One visit (GET /meeting/{id}) in four tabs: the check-in data, the check-in questionnaires as
 * answered, the check-out data and the check-out questionnaires; and what can be done with it now
 * (its role and state allowing): check in or out, send the invitation again, edit its details,
 * cancel it. Sending again happens here; the others are the entry log's own dialogs.
 */
export function VisitDetailDialog(props: {
  visitId: string;
  onClose: () => void;
  onAction: (action: Exclude<DetailAction, 'resend'>, visit: VisitDetail) => void;
}) {
  const { visitId, onClose, onAction } = props;
  const { t } = useTranslation();
  const role = useSession((state) => state.user?.role);
  const [resending, setResending] = useState(false);
  const [visit, setVisit] = useState<VisitDetail | null>(null);
  const [tab, setTab] = useState<Tab>('checkIn');
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    let current = true;
    entryLogApi.detail(visitId).then(
      (answer) => current && setVisit(answer),
      (error: unknown) => {
        if (!current) return;
        notifications.showError(messageFromError(error));
        close.current();
      },
    );
    return () => {
      current = false;
    };
  }, [visitId]);

  const name = visit ? shownName(visit, t) : '';
  const actions = visit ? detailActionsFor(role, visit) : [];
  // Administrators read the visit's history (audit rows, e-mails, kiosk entries, jobs) in the Logs.
  const history = role === 'ROLE_ADMIN';
  const resend = async (shown: VisitDetail) => {
    setResending(true);
    try {
      await entryLogApi.resendInvitation(shown.id);
      notifications.showSuccess({ key: 'entryLog.detail.resent', params: { name, email: shown.email ?? '' } });
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setResending(false);
    }
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={visit ? t('entryLog.detail.title', { name }) : t('entryLog.detail.loading')}
      size="xl"
      data-testid="visit-detail"
    >
      {visit === null ? (
        <Loader size="sm" aria-label={t('entryLog.detail.loading')} />
      ) : (
        <>
          {/* The visitor's photo from the check-in, when there is one (staff only). */}
          <VisitPhoto visitId={visit.id} hasPhoto={visit.hasPhoto} name={name} size={160} />
          <Tabs
            mt={visit.hasPhoto ? 'md' : 0}
            value={tab}
            onChange={(value) => setTab(tabs.find((candidate) => candidate === value) ?? 'checkIn')}
          >
            <Tabs.List aria-label={t('entryLog.detail.title', { name })}>
              {tabs.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(`entryLog.detail.tabs.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="checkIn" pt="md">
              <CheckInDataTab visit={visit} />
            </Tabs.Panel>
            <Tabs.Panel value="checkInQuestionnaires" pt="md">
              <AnswersTab questionnaires={visit.questionnairesAnswers} />
            </Tabs.Panel>
            <Tabs.Panel value="checkOut" pt="md">
              <CheckOutDataTab visit={visit} />
            </Tabs.Panel>
            <Tabs.Panel value="checkOutQuestionnaires" pt="md">
              <AnswersTab questionnaires={visit.exitQuestionnairesAnswers} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
      {visit && (actions.length > 0 || history || hasBadge(visit)) && (
        <DialogActions>
          {history && (
            <Button
              variant="subtle"
              component={Link}
              to={`/admin/logs?history=visit:${visit.id}`}
              mr={actions.includes('cancel') ? undefined : 'auto'}
            >
              {t('entryLog.detail.actions.history')}
            </Button>
          )}
          {actions.includes('cancel') && (
            <Button
              variant="subtle"
              color="red.9"
              leftSection={<IconCancel />}
              onClick={() => onAction('cancel', visit)}
              mr="auto"
            >
              {t('entryLog.detail.actions.cancel')}
            </Button>
          )}
          {hasBadge(visit) && (
            <Button
              variant="default"
              component="a"
              href={badgePagePath(visit.id)}
              target="_blank"
              rel="noopener"
              leftSection={<IconPrinter />}
            >
              {t('entryLog.detail.actions.printBadge')}
            </Button>
          )}
          {actions.includes('resend') && (
            <Button variant="default" loading={resending} onClick={() => void resend(visit)}>
              {t('entryLog.detail.actions.resend')}
            </Button>
          )}
          {actions.includes('edit') && (
            <Button variant="default" onClick={() => onAction('edit', visit)}>
              {t('entryLog.detail.actions.edit')}
            </Button>
          )}
          {actions.includes('checkIn') && (
            <Button leftSection={<IconLogin size={16} />} onClick={() => onAction('checkIn', visit)}>
              {t('entryLog.rowActions.checkIn')}
            </Button>
          )}
          {actions.includes('checkOut') && (
            <Button leftSection={<IconCheckOut size={16} />} onClick={() => onAction('checkOut', visit)}>
              {t('entryLog.rowActions.checkOut')}
            </Button>
          )}
        </DialogActions>
      )}
    </AppDialog>
  );
}
