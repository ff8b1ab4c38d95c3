import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  SELF_TEST_MAX_COUNT,
  SELF_TEST_MAX_SECONDS,
  type SelfTestResult,
  selfTestQuerySchema,
} from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { type NoticeMessage, messageFromError, useNoticeText } from '../notifications/index.ts';
import { type SelfTestRun, selfTestStatus, startSelfTest } from './tests.api.ts';

const statusColor: Record<SelfTestRun['status'], string> = {
  running: 'blue.9',
  done: 'teal.9',
  failed: 'red.9',
  interrupted: 'orange.9',
};

/**
 * /admin/tests (administrators only): the self-test. A count of visits and a duration start a run
 * on the server, which answers at once; the page asks for its progress every `pollMs` until it
 * ends, then shows its figures (throughput, latencies, errors) and operations per second as a
 * chart with its numbers in a table beside it.
 */
export function TestsPage({ pollMs = 1000 }: { pollMs?: number }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const form = useSchemaForm(selfTestQuerySchema, { count: 100, duration: 10 });
  const [run, setRun] = useState<SelfTestRun | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [refusal, setRefusal] = useState<NoticeMessage | null>(null);
  const noticeText = useNoticeText();
  const [starting, setStarting] = useState(false);
  const running = run?.status === 'running';

  // The latest run on opening, and again every `pollMs` while one runs.
  useEffect(() => {
    if (loaded && !running) return;
    const controller = new AbortController();
    const ask = () =>
      selfTestStatus(controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setRun(answer.run);
          setLoaded(true);
        },
        (error: unknown) => !controller.signal.aborted && setRefusal(messageFromError(error)),
      );
    const timer = loaded ? setTimeout(() => void ask(), pollMs) : undefined;
    if (!loaded) void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [loaded, running, run, pollMs]);

  const submit = form.onSubmit(async (data) => {
    setRefusal(null);
    setStarting(true);
    try {
      const answer = await startSelfTest(data.count, data.duration);
      setRun(answer.run);
    } catch (error) {
      setRefusal(messageFromError(error));
    } finally {
      setStarting(false);
    }
  });

  return (
    <Page title={t('pages.tests.title')} size="xl">
      <Stack>
        <Text>{t('operations.selfTest.description')}</Text>
        <form onSubmit={submit} aria-label={t('operations.selfTest.title')} noValidate>
          <Group align="flex-start" gap="sm">
            <NumberInput
              id="selftest-count"
              label={t('operations.selfTest.count')}
              min={1}
              max={SELF_TEST_MAX_COUNT}
              value={form.values.count}
              onChange={(value) => form.setField('count', typeof value === 'number' ? value : Number.NaN)}
              onBlur={() => form.touch('count')}
              error={form.error('count')}
              allowDecimal={false}
              clampBehavior="none"
              w={260}
            />
            <NumberInput
              id="selftest-duration"
              label={t('operations.selfTest.duration')}
              min={1}
              max={SELF_TEST_MAX_SECONDS}
              value={form.values.duration}
              onChange={(value) => form.setField('duration', typeof value === 'number' ? value : Number.NaN)}
              onBlur={() => form.touch('duration')}
              error={form.error('duration')}
              allowDecimal={false}
              clampBehavior="none"
              w={200}
            />
            <Button type="submit" mt={25} loading={starting} disabled={running}>
              {t('operations.selfTest.run')}
            </Button>
          </Group>
        </form>
        {refusal && <Alert color="red">{noticeText(refusal)}</Alert>}
        {loaded && !run && <Text>{t('operations.selfTest.none')}</Text>}
        {run && (
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={2} size="h4">
                {t('operations.selfTest.lastRun')}
              </Title>
              <Badge color={statusColor[run.status]} variant="filled">
                {t(`operations.selfTest.statuses.${run.status}`)}
              </Badge>
              <Text size="sm">{format.dateTime(run.startedAt)}</Text>
            </Group>
            <Progress
              value={(run.done / Math.max(1, run.count)) * 100}
              aria-label={t('operations.selfTest.progress', { done: run.done, count: run.count })}
            />
            <Text size="sm">{t('operations.selfTest.progress', { done: run.done, count: run.count })}</Text>
            {run.error && <Alert color="red">{t('operations.selfTest.failedWith', { error: run.error })}</Alert>}
            {run.result && <Figures result={run.result} />}
          </Stack>
        )}
      </Stack>
    </Page>
  );
}

function Figures({ result }: { result: SelfTestResult }) {
  const { t } = useTranslation();
  const figures: [string, number][] = [
    [t('operations.selfTest.operations'), result.operations],
    [t('operations.selfTest.errors'), result.errors],
    [t('operations.selfTest.throughput'), result.throughput],
    [t('operations.selfTest.p50'), result.p50Ms],
    [t('operations.selfTest.p95'), result.p95Ms],
    [t('operations.selfTest.p99'), result.p99Ms],
  ];
  return (
    <Stack gap="sm">
      <Table w="auto" aria-label={t('operations.selfTest.figures')}>
        <Table.Tbody>
          {figures.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {result.errorSamples.length > 0 && (
        <Alert color="red" title={t('operations.selfTest.errorSamples')}>
          <List size="sm">
            {result.errorSamples.map((sample, index) => (
              <List.Item key={index}>{sample}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Title order={3} size="h5">
        {t('operations.selfTest.chart')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PerSecondChart series={result.perSecond} />
        <Table.ScrollContainer minWidth={300} mah={320}>
          <Table striped aria-label={t('operations.selfTest.chart')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operations.selfTest.second')}</Table.Th>
                <Table.Th>{t('operations.selfTest.operations')}</Table.Th>
                <Table.Th>{t('operations.selfTest.errors')}</Table.Th>
                <Table.Th>{t('operations.selfTest.maxMs')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.perSecond.map((second) => (
                <Table.Tr key={second.second}>
                  <Table.Td>{second.second + 1}</Table.Td>
                  <Table.Td>{second.operations}</Table.Td>
                  <Table.Td>{second.errors}</Table.Td>
                  <Table.Td>{second.maxMs}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SimpleGrid>
    </Stack>
  );
}

/** Operations (and errors, in red above them) per second as bars; the table beside it holds the numbers. */
function PerSecondChart({ series }: { series: SelfTestResult['perSecond'] }) {
  const { t } = useTranslation();
  const width = 480;
  const height = 200;
  const top = Math.max(1, ...series.map((second) => second.operations + second.errors));
  const bar = width / Math.max(1, series.length);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={t('operations.selfTest.chart')}
      style={{ maxWidth: width }}
    >
      <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} stroke="currentColor" strokeWidth={1} />
      {series.map((second, index) => {
        const ok = (second.operations / top) * (height - 10);
        const bad = (second.errors / top) * (height - 10);
        return (
          <g key={second.second}>
            <rect
              x={index * bar + 1}
              y={height - ok}
              width={Math.max(1, bar - 2)}
              height={ok}
              fill="var(--mantine-color-blue-7)"
            />
            {bad > 0 && (
              <rect
                x={index * bar + 1}
                y={height - ok - bad}
                width={Math.max(1, bar - 2)}
                height={bad}
                fill="var(--mantine-color-red-8)"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}
