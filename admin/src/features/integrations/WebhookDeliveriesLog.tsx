import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import {
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  webhookDeliveryStatuses,
} from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { IconSend } from './IntegrationIcons.tsx';

const statusColor: Record<WebhookDeliveryStatus, string> = { PENDING: 'gray.7', DELIVERED: 'teal.9', FAILED: 'red.9' };
const COLUMNS = 7;

const objectTypes = ['visit', 'person', 'booking'] as const;
const isKnownObject = (type: string): type is (typeof objectTypes)[number] =>
  (objectTypes as readonly string[]).includes(type);

interface Filters {
  endpointId: string | null;
  status: WebhookDeliveryStatus | null;
}

/**
 * The webhook delivery log of the selected company (docs/webhooks.md), newest first and paged:
 * each delivery's event, object, endpoint, state and attempts; a row opens its attempts (when,
 * the receiver's HTTP status or the error, how long) and is sent again on demand, after which it
 * is pending. `version` changes when the endpoints do, and the log follows.
 */
export function WebhookDeliveriesLog({ version = 0 }: { version?: number }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const tenantId = useSession((state) => state.tenant?.id ?? null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [filters, setFilters] = useState<Filters>({ endpointId: null, status: null });
  const [data, setData] = useState<WebhookDeliveryList | null>(null);
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([]);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const { endpointId, status } = filters;

  useEffect(() => {
    if (tenantId === null) return undefined;
    const controller = new AbortController();
    api.call('GET /webhooks', { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setEndpoints(answer.endpoints),
      // The filter then offers no endpoint; the log itself says when it cannot load.
      () => undefined,
    );
    return () => controller.abort();
  }, [tenantId, version]);

  useEffect(() => {
    if (tenantId === null) return undefined;
    const controller = new AbortController();
    const query = { endpointId: endpointId ?? undefined, status: status ?? undefined, page, limit };
    api.call('GET /webhooks/deliveries', { query, signal: controller.signal }).then(
      (answer) => {
        setData(answer);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [tenantId, endpointId, status, page, limit, reload, version]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((now) => ({ ...now, [key]: value }));
    setPage(1);
  };

  const sendAgain = async (delivery: WebhookDelivery) => {
    try {
      const sent = await api.call('POST /webhooks/deliveries/:id/redeliver', { params: { id: delivery.id } });
      setData((now) => now && { ...now, docs: now.docs.map((row) => (row.id === sent.id ? sent : row)) });
      notifications.showSuccess({ key: 'integrations.deliveries.sentAgain' });
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  if (tenantId === null) return <Text>{t('integrations.deliveries.noTenant')}</Text>;

  return (
    <Stack>
      <Text>{t('integrations.deliveries.description')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <Select
            id="webhook-delivery-endpoint"
            label={t('integrations.deliveries.endpoint')}
            placeholder={t('integrations.deliveries.anyEndpoint')}
            data={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url }))}
            value={filters.endpointId}
            onChange={(value) => set('endpointId', value)}
            clearable
            w={300}
          />
          <Select
            id="webhook-delivery-status"
            label={t('integrations.deliveries.status')}
            placeholder={t('integrations.deliveries.anyStatus')}
            data={webhookDeliveryStatuses.map((value) => ({
              value,
              label: t(`integrations.deliveries.statuses.${value}`),
            }))}
            value={filters.status}
            onChange={(value) =>
              set('status', webhookDeliveryStatuses.find((candidate) => candidate === value) ?? null)
            }
            clearable
            w={190}
          />
        </Group>
        <Button variant="outline" onClick={() => setReload((n) => n + 1)}>
          {t('integrations.deliveries.refresh')}
        </Button>
      </Group>
      {failed && <Alert color="red">{t('integrations.deliveries.loadFailed')}</Alert>}
      {data && data.docs.length === 0 && <Text>{t('integrations.deliveries.empty')}</Text>}
      {data && data.docs.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label={t('integrations.deliveries.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('integrations.deliveries.columns.time')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.event')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.object')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.endpoint')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.attempts')}</Table.Th>
                <Table.Th scope="col">{t('integrations.deliveries.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  at={format.dateTime}
                  objectLabel={
                    isKnownObject(delivery.objectType)
                      ? t(`integrations.deliveries.objects.${delivery.objectType}`)
                      : delivery.objectType
                  }
                  open={open === delivery.id}
                  onToggle={() => setOpen(open === delivery.id ? null : delivery.id)}
                  onSendAgain={() => void sendAgain(delivery)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        name="webhook-deliveries"
        label={t('integrations.deliveries.title')}
        total={data?.totalDocs ?? null}
        capped={data?.totalCapped ?? false}
        page={page}
        limit={limit}
        onPage={setPage}
        onLimit={(size) => {
          setLimit(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}

function DeliveryRow({
  delivery,
  at,
  objectLabel,
  open,
  onToggle,
  onSendAgain,
}: {
  delivery: WebhookDelivery;
  at: (iso: string) => string;
  objectLabel: string;
  open: boolean;
  onToggle: () => void;
  onSendAgain: () => void;
}) {
  const { t } = useTranslation();
  const event = t(`integrations.events.${delivery.event}`);
  const detailId = `webhook-delivery-${delivery.id}`;
  return (
    <>
      <Table.Tr>
        <Table.Td>{at(delivery.createdAt)}</Table.Td>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={t('integrations.deliveries.showAttempts', { event, url: delivery.url })}
          >
            {event}
          </Button>
        </Table.Td>
        <Table.Td>
          <Text size="sm" title={delivery.objectId}>
            {objectLabel} {delivery.objectId.slice(0, 8)}
          </Text>
        </Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.url}</Table.Td>
        <Table.Td>
          <Badge color={statusColor[delivery.status]} variant="filled">
            {t(`integrations.deliveries.statuses.${delivery.status}`)}
          </Badge>
        </Table.Td>
        <Table.Td>{delivery.attempts.length}</Table.Td>
        <Table.Td>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconSend />}
            onClick={onSendAgain}
            aria-label={t('integrations.deliveries.sendAgainLabel', { event, url: delivery.url })}
          >
            {t('integrations.deliveries.sendAgain')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailId}>
          <Table.Td colSpan={COLUMNS}>
            <Stack gap="xs">
              <Text size="sm">{t('integrations.deliveries.eventId', { id: delivery.eventId })}</Text>
              {delivery.deliveredAt && (
                <Text size="sm">{t('integrations.deliveries.deliveredAt', { date: at(delivery.deliveredAt) })}</Text>
              )}
              {delivery.nextAttemptAt && delivery.status === 'PENDING' && (
                <Text size="sm">{t('integrations.deliveries.nextAttempt', { date: at(delivery.nextAttemptAt) })}</Text>
              )}
              {delivery.attempts.length === 0 ? (
                <Text size="sm">{t('integrations.deliveries.notTried')}</Text>
              ) : (
                <Table withTableBorder verticalSpacing={4} data-testid="webhook-attempts">
                  <Table.Caption>{t('integrations.deliveries.attemptsCaption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('integrations.deliveries.attempt.at')}</Table.Th>
                      <Table.Th scope="col">{t('integrations.deliveries.attempt.result')}</Table.Th>
                      <Table.Th scope="col">{t('integrations.deliveries.attempt.duration')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {delivery.attempts.map((attempt) => (
                      <Table.Tr key={attempt.at}>
                        <Table.Td>{at(attempt.at)}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {[
                            attempt.statusCode === null
                              ? t('integrations.deliveries.noAnswer')
                              : t('integrations.deliveries.httpStatus', { status: attempt.statusCode }),
                            attempt.error,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Table.Td>
                        <Table.Td>{t('integrations.deliveries.durationMs', { ms: attempt.durationMs })}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
