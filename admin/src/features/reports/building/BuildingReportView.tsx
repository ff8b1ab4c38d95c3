import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BuildingReport, type BuildingReportOfBuilding, visitorTypes } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { type DateTimeFormatter } from '../../../format/dateTime.ts';
import { useReportText } from '../reportText.ts';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { BarChart, type BarSeries } from '../charts/BarChart.tsx';
import { HeatMapChart } from '../charts/HeatMapChart.tsx';
import classes from './BuildingReport.module.css';
import { ReportTable } from './ReportTable.tsx';

// The building report's figures (docs/reports.md, "Building report"): the key figures of every
// building side by side, then each building's days, busiest hours, hosts and companies, each chart
// with its table and CSV.

const typeColours: Record<(typeof visitorTypes)[number], string> = {
  VISITOR: 'var(--mantine-color-blue-filled)',
  CONTRACTOR: 'var(--mantine-color-orange-filled)',
  EMPLOYEE: 'var(--mantine-color-teal-filled)',
  RESIDENT: 'var(--mantine-color-grape-filled)',
};

interface Writers {
  number: (value: number) => string;
  minutes: (value: number | null) => string;
  /** A calendar day (yyyy-MM-dd) in the user's date format. */
  day: (day: string) => string;
  /** A short day label for a chart's axis (the day of the month). */
  shortDay: (day: string) => string;
  weekdays: string[];
  hours: string[];
  format: DateTimeFormatter;
}

function useWriters(): Writers {
  const { t, i18n } = useTranslation();
  const format = useDateTimeFormat();
  const text = useReportText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const numbers = new Intl.NumberFormat(language);
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // A calendar day is noon UTC written on the UTC clock: the same day whatever the viewer's zone.
  const noon = (day: string) => `${day}T12:00:00Z`;
  return {
    number: (value) => numbers.format(value),
    // A stay as every report writes it: "45 min", "5 h 54 min".
    minutes: (value) => (value === null ? t('buildingReport.figures.none') : text.stay(value)),
    day: (day) => format.date(noon(day), 'UTC'),
    shortDay: (day) => String(Number(day.slice(8, 10))),
    // 2024-01-01 was a Monday: the report's weekdays run Monday (0) to Sunday (6).
    weekdays: Array.from({ length: 7 }, (_, index) => weekday.format(new Date(Date.UTC(2024, 0, 1 + index)))),
    hours: Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')),
    format,
  };
}

const isEmpty = (report: BuildingReport) => report.buildings.every((building) => building.totals.visits === 0);

export function BuildingReportView({ report }: { report: BuildingReport }) {
  const { t } = useTranslation();
  const writers = useWriters();
  return (
    <Stack gap="xl">
      <KeyFigures report={report} writers={writers} />
      {isEmpty(report) ? (
        <Alert variant="light" color="gray" data-testid="building-report-empty">
          {t('buildingReport.empty')}
        </Alert>
      ) : (
        report.buildings.map((building) => (
          <BuildingSection key={building.building.id} report={report} building={building} writers={writers} />
        ))
      )}
    </Stack>
  );
}

function KeyFigures({ report, writers }: { report: BuildingReport; writers: Writers }) {
  const { t } = useTranslation();
  const figures: { label: string; value: (building: BuildingReportOfBuilding) => number | null; minutes?: true }[] = [
    { label: t('buildingReport.figures.visits'), value: (b) => b.totals.visits },
    { label: t('buildingReport.figures.people'), value: (b) => b.totals.people },
    { label: t('buildingReport.figures.averageStay'), value: (b) => b.totals.averageStayMinutes, minutes: true },
    { label: t('buildingReport.figures.medianStay'), value: (b) => b.totals.medianStayMinutes, minutes: true },
    { label: t('buildingReport.figures.busiestDay'), value: (b) => Math.max(0, ...b.days.map((day) => day.peak)) },
    { label: t('buildingReport.figures.noShows'), value: (b) => b.totals.noShows },
    { label: t('buildingReport.figures.refusals'), value: (b) => b.totals.refusals },
    { label: t('buildingReport.figures.overdue'), value: (b) => b.totals.overdue },
    { label: t('buildingReport.figures.autoCheckOuts'), value: (b) => b.totals.autoCheckOuts },
    { label: t('buildingReport.figures.returning'), value: (b) => b.totals.returning },
    { label: t('buildingReport.figures.firstTime'), value: (b) => b.totals.firstTime },
  ];
  const written = (value: number | null, minutes?: true) =>
    minutes ? writers.minutes(value) : writers.number(value ?? 0);
  return (
    <section aria-labelledby="building-report-figures">
      <Title order={2} size="h3" id="building-report-figures" mb="xs">
        {t('buildingReport.figures.title')}
      </Title>
      <ReportTable
        caption={t('buildingReport.figures.title')}
        headings={[t('buildingReport.figures.figure'), ...report.buildings.map((b) => b.building.name)]}
        rows={figures.map((figure) => [
          figure.label,
          ...report.buildings.map((b) => written(figure.value(b), figure.minutes)),
        ])}
        csvRows={figures.map((figure) => [figure.label, ...report.buildings.map((b) => figure.value(b))])}
        fileName={`${t('buildingReport.files.figures')}-${report.from}-${report.to}`}
        printed
      />
    </section>
  );
}

function BuildingSection({
  report,
  building,
  writers,
}: {
  report: BuildingReport;
  building: BuildingReportOfBuilding;
  writers: Writers;
}) {
  const { t } = useTranslation();
  const name = building.building.name;
  const zone = building.building.timeZoneId;
  const headingId = `building-report-${building.building.id}`;
  const file = (kind: keyof typeof filesOf) => `${t(filesOf[kind])}-${name}-${report.from}-${report.to}`;
  return (
    <section aria-labelledby={headingId} className={classes.building}>
      <Title order={2} size="h3" id={headingId}>
        {name}
      </Title>
      <Text size="sm" c="dimmed">
        {t('buildingReport.clock', { zone })}
      </Text>
      {building.totals.visits === 0 ? (
        <Text mt="sm">{t('buildingReport.empty')}</Text>
      ) : (
        <Stack gap="lg" mt="sm">
          <DailyFigures building={building} writers={writers} fileName={file('daily')} />
          <BusiestHours building={building} writers={writers} fileName={file('heatMap')} />
          <SimpleGrid cols={{ base: 1, md: 2 }} className={classes.noPrint}>
            <TopList kind="hosts" building={building} writers={writers} fileName={file('hosts')} />
            <TopList kind="companies" building={building} writers={writers} fileName={file('companies')} />
          </SimpleGrid>
        </Stack>
      )}
    </section>
  );
}

const filesOf = {
  daily: 'buildingReport.files.daily',
  heatMap: 'buildingReport.files.heatMap',
  hosts: 'buildingReport.files.hosts',
  companies: 'buildingReport.files.companies',
} as const;

function DailyFigures({
  building,
  writers,
  fileName,
}: {
  building: BuildingReportOfBuilding;
  writers: Writers;
  fileName: string;
}) {
  const { t } = useTranslation();
  const name = building.building.name;
  const zone = building.building.timeZoneId;
  const series: BarSeries[] = visitorTypes.map((type) => ({
    key: type,
    label: t(`buildingReport.types.${type}`),
    color: typeColours[type],
  }));
  const totalOf = (day: BuildingReportOfBuilding['days'][number]) =>
    visitorTypes.reduce((sum, type) => sum + day.byType[type], 0);
  const maxDay = Math.max(0, ...building.days.map(totalOf));
  const maxPeak = Math.max(0, ...building.days.map((day) => day.peak));
  const peakAt = (at: string | null) => (at === null ? '' : writers.format.time(at, zone));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('buildingReport.daily.title')}
      </Title>
      <BarChart
        series={series}
        bars={building.days.map((day) => ({
          label: writers.shortDay(day.day),
          values: visitorTypes.map((type) => day.byType[type]),
        }))}
        summary={t('buildingReport.daily.chart', {
          building: name,
          visits: writers.number(building.totals.visits),
          days: writers.number(building.days.length),
          max: writers.number(maxDay),
          peak: writers.number(maxPeak),
        })}
        formatValue={writers.number}
      />
      <Title order={3} size="h4">
        {t('buildingReport.daily.peakTitle')}
      </Title>
      <BarChart
        series={[{ key: 'peak', label: t('buildingReport.daily.peak'), color: 'var(--mantine-color-indigo-filled)' }]}
        bars={building.days.map((day) => ({ label: writers.shortDay(day.day), values: [day.peak] }))}
        summary={t('buildingReport.daily.peakChart', { building: name, peak: writers.number(maxPeak) })}
        formatValue={writers.number}
        height={160}
      />
      <ReportTable
        caption={t('buildingReport.daily.caption', { building: name })}
        headings={[
          t('buildingReport.daily.day'),
          ...series.map((entry) => entry.label),
          t('buildingReport.daily.total'),
          t('buildingReport.daily.peak'),
          t('buildingReport.daily.peakAt'),
        ]}
        rows={building.days.map((day) => [
          writers.day(day.day),
          ...visitorTypes.map((type) => writers.number(day.byType[type])),
          writers.number(totalOf(day)),
          writers.number(day.peak),
          peakAt(day.peakAt),
        ])}
        csvRows={building.days.map((day) => [
          day.day,
          ...visitorTypes.map((type) => day.byType[type]),
          totalOf(day),
          day.peak,
          day.peakAt === null ? '' : writers.format.dateTime(day.peakAt, zone),
        ])}
        fileName={fileName}
      />
    </Stack>
  );
}

function BusiestHours({
  building,
  writers,
  fileName,
}: {
  building: BuildingReportOfBuilding;
  writers: Writers;
  fileName: string;
}) {
  const { t } = useTranslation();
  const name = building.building.name;
  let busiest = { weekday: 0, hour: 0, count: 0 };
  building.heatMap.forEach((hours, weekday) =>
    hours.forEach((count, hour) => {
      if (count > busiest.count) busiest = { weekday, hour, count };
    }),
  );
  const summary =
    busiest.count === 0
      ? t('buildingReport.heatMap.chartEmpty', { building: name })
      : t('buildingReport.heatMap.chart', {
          building: name,
          weekday: writers.weekdays[busiest.weekday],
          hour: `${writers.hours[busiest.hour]}:00`,
          count: writers.number(busiest.count),
        });
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('buildingReport.heatMap.title')}
      </Title>
      <HeatMapChart
        cells={building.heatMap}
        rowLabels={writers.weekdays}
        columnLabels={writers.hours}
        summary={summary}
        legend={{
          title: t('buildingReport.heatMap.legend'),
          fewer: t('buildingReport.heatMap.fewer'),
          more: t('buildingReport.heatMap.more'),
        }}
      />
      <ReportTable
        caption={t('buildingReport.heatMap.caption', { building: name })}
        headings={[t('buildingReport.heatMap.weekday'), ...writers.hours]}
        rows={building.heatMap.map((hours, weekday) => [writers.weekdays[weekday], ...hours.map(writers.number)])}
        csvRows={building.heatMap.map((hours, weekday) => [writers.weekdays[weekday] ?? '', ...hours])}
        fileName={fileName}
      />
    </Stack>
  );
}

function TopList({
  kind,
  building,
  writers,
  fileName,
}: {
  kind: 'hosts' | 'companies';
  building: BuildingReportOfBuilding;
  writers: Writers;
  fileName: string;
}) {
  const { t } = useTranslation();
  const entries = kind === 'hosts' ? building.topHosts : building.topCompanies;
  const caption = t(kind === 'hosts' ? 'buildingReport.top.hostsCaption' : 'buildingReport.top.companiesCaption', {
    building: building.building.name,
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t(kind === 'hosts' ? 'buildingReport.top.hosts' : 'buildingReport.top.companies')}
      </Title>
      <ReportTable
        caption={caption}
        headings={[
          t(kind === 'hosts' ? 'buildingReport.top.host' : 'buildingReport.top.company'),
          t('buildingReport.top.visits'),
        ]}
        rows={entries.map((entry) => [entry.name, writers.number(entry.visits)])}
        csvRows={entries.map((entry) => [entry.name, entry.visits])}
        fileName={fileName}
        empty={t('buildingReport.top.none')}
      />
    </Stack>
  );
}
