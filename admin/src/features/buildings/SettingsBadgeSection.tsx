import { Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BadgeContent,
  type BadgeLayout,
  type Building,
  badgeLayoutOf,
  badgePrintModeOf,
  badgePrintModes,
  badgeSizes,
} from '@vestibule/shared';
import { Badge } from '@vestibule/ui/badge';
import { useTranslation } from 'react-i18next';
import { badgeTextsOf } from '../badge/index.ts';
import { hasStoredLogo } from './LogoSection.tsx';
import { PerTypeModes } from './PerTypeModes.tsx';
import { logoImageUrl } from './buildingsApi.ts';
import classes from './SettingsBadgeSection.module.css';
import { type SettingsForm, SettingsSection } from './settingsFields.tsx';

/** The parts of a badge the building may leave out, in the order the badge shows them. */
const parts = [
  'logo',
  'company',
  'host',
  'validUntil',
  'photo',
  'qrCode',
] as const satisfies readonly (keyof BadgeLayout)[];

/** A neutral head and shoulders for the preview's photo (no one's face). */
const SAMPLE_PHOTO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 100"><rect width="80" height="100" fill="#cfd8e3"/><circle cx="40" cy="38" r="18" fill="#8a9bb0"/><path d="M8 100c0-22 14-34 32-34s32 12 32 34z" fill="#8a9bb0"/></svg>',
)}`;

/**
 * Settings tab: the visitor badge (docs/badges.md): its label size, what it shows, when the kiosk
 * prints one per person type, and a preview at its real size that follows every change.
 */
export function SettingsBadgeSection({ form, building }: { form: SettingsForm; building: Building }) {
  const { t, i18n } = useTranslation();
  const { values, setField } = form;
  const layout = badgeLayoutOf(values.badgeLayout);
  const setLayout = (change: Partial<BadgeLayout>) => setField('badgeLayout', { ...layout, ...change });
  const now = new Date();
  const sample: BadgeContent = {
    firstName: t('buildings.settings.badgeSample.firstName'),
    lastName: t('buildings.settings.badgeSample.lastName'),
    companyName: t('buildings.settings.badgeSample.company'),
    host: t('buildings.settings.badgeSample.host'),
    visitorType: 'VISITOR',
    validFrom: now.toISOString(),
    validUntil: new Date(now.getTime() + 60 * 60_000).toISOString(),
    visitCode: 'ABCD2345',
    buildingName: building.name,
    timeZoneId: values.timeZoneId || Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  return (
    <SettingsSection legend={t('buildings.settings.badges')}>
      <Text size="sm" c="dimmed">
        {t('buildings.settings.badgesHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            id="settings-badgeSize"
            label={t('buildings.settings.badgeSize')}
            data={badgeSizes.map((size) => ({ value: size, label: t(`badge.sizes.${size}`) }))}
            value={layout.size}
            onChange={(size) => setLayout({ size: badgeSizes.find((known) => known === size) ?? layout.size })}
            allowDeselect={false}
          />
          <Checkbox.Group
            id="settings-badgeParts"
            label={t('buildings.settings.badgeShows')}
            value={parts.filter((part) => layout[part])}
            onChange={(shown) => setLayout(Object.fromEntries(parts.map((part) => [part, shown.includes(part)])))}
          >
            <Stack gap={6} mt={4}>
              {parts.map((part) => (
                <Checkbox key={part} value={part} label={t(`buildings.settings.badgeParts.${part}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <PerTypeModes
            name="badgePrint"
            label={t('buildings.settings.badgePrint')}
            selectLabel={(type) => t('buildings.settings.badgePrintFor', { type })}
            modes={badgePrintModes}
            modeLabel={(mode) => t(`buildings.settings.badgePrintModes.${mode}`)}
            value={(type) => badgePrintModeOf(values.badgePrint, type)}
            onChange={(type, mode) => setField('badgePrint', { ...values.badgePrint, [type]: mode })}
          />
        </Stack>
        <figure className={classes.preview} aria-label={t('buildings.settings.badgePreview')}>
          <Badge
            content={sample}
            layout={layout}
            texts={badgeTextsOf(t)}
            locale={i18n.resolvedLanguage ?? i18n.language}
            logoSrc={hasStoredLogo(building) ? logoImageUrl(building) : null}
            photoSrc={SAMPLE_PHOTO}
          />
          <figcaption>{t(`badge.sizes.${layout.size}`)}</figcaption>
        </figure>
      </SimpleGrid>
    </SettingsSection>
  );
}
