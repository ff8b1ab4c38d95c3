import { Autocomplete, Fieldset, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { buildingAddressSchema, maySelectTenant, type Building } from '@vestibule/shared';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@vestibule/shared/api';
import { api } from '../../api/apiClient.ts';
import { useSession } from '../session/index.ts';
import { useBuildingDialog, useUnsavedFlag } from './buildingDialogContext.ts';
import { type BuildingAddressInput, cityNames, uploadBuildingLogo } from './buildingsApi.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { LogoSection } from './LogoSection.tsx';
import { logoProblems } from './logoFile.ts';
import { PhoneInput } from './PhoneInput.tsx';
import { TabActions } from './TabActions.tsx';
import { useDictionary } from './useDictionary.ts';

interface AddressValues {
  name: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  state: string;
  countryCode: string;
  phone: string;
  email: string;
  externalId: string;
  pinCode: string;
}

const EXTERNAL_ID_MAX = 250;

function addressValues(building: Building | null): AddressValues {
  return {
    name: building?.name ?? '',
    address1: building?.address1 ?? '',
    address2: building?.address2 ?? '',
    city: building?.city ?? '',
    zip: building?.zip ?? '',
    state: building?.state ?? '',
    countryCode: building?.countryCode ?? '',
    phone: building?.phone ?? '',
    email: building?.email ?? '',
    externalId: building?.externalId ?? '',
    pinCode: building?.pinCode ?? '',
  };
}

/** Tab 0: address, contact and check-in logo; the only tab of a building not saved yet. */
export function AddressTab() {
  const { t } = useTranslation();
  const { building, acceptBuilding, notices, busy, cancel } = useBuildingDialog();
  const role = useSession((state) => state.user?.role);
  const tenant = useSession((state) => state.tenant);
  const form = useSchemaForm<AddressValues, BuildingAddressInput>(buildingAddressSchema, addressValues(building));
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const countries = useDictionary('countries', notices.showError);
  const logoInvalid = logo !== null && logoProblems(logo).length > 0;
  const cities = useCityNames();
  useUnsavedFlag('address', form.dirty || logo !== null);

  const { values, setField } = form;
  const text = (key: Exclude<keyof AddressValues, 'countryCode' | 'phone' | 'pinCode'>, max: number) => ({
    id: `building-${key}`,
    value: values[key],
    maxLength: max,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(key, event.currentTarget.value),
    onBlur: () => form.touch(key),
    error: form.error(key),
  });

  /** Sends the chosen logo; the progress bar shows whole percents and goes away at the end. */
  const uploadLogo = async (target: Building, file: File): Promise<Building | null> => {
    setProgress(0);
    try {
      const saved = await uploadBuildingLogo(target.id, file, setProgress);
      setLogo(null);
      return saved;
    } catch (error) {
      // A proxy's size limit, without the server's words, is said as the logo's limit.
      if (error instanceof ApiError && error.errorCode === 'PAYLOAD_TOO_LARGE') {
        notices.showMessages([{ key: 'errors.sizeTooBig' }]);
      } else {
        notices.showError(error);
      }
      return null;
    } finally {
      setProgress(null);
    }
  };

  const save = form.onSubmit(async (address) => {
    if (logoInvalid) return;
    try {
      if (building) {
        const saved = await api.call('PATCH /building/:id', { params: { id: building.id }, body: address });
        form.reset(addressValues(saved));
        acceptBuilding(saved);
        notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
        return;
      }
      const tenantId = maySelectTenant(role) ? tenant?.id : undefined;
      const created = await api.call('POST /building', { body: tenantId ? { ...address, tenantId } : address });
      form.reset(addressValues(created));
      acceptBuilding(created);
      if (logo) {
        const withLogo = await uploadLogo(created, logo);
        if (!withLogo) return;
        acceptBuilding(withLogo);
      }
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    } catch (error) {
      notices.showError(error);
    }
  });

  const uploadNow = async () => {
    if (!building || !logo || logoInvalid) return;
    const saved = await uploadLogo(building, logo);
    if (saved) {
      acceptBuilding(saved);
      notices.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={t('buildings.tabs.address')}>
      <Stack gap="lg">
        <Fieldset legend={t('buildings.address.sections.address')}>
          <Stack gap="sm">
            <TextInput
              label={t('buildings.address.name')}
              withAsterisk
              aria-required
              {...text('name', 80)}
              data-autofocus
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('buildings.address.address1')} withAsterisk aria-required {...text('address1', 40)} />
              <TextInput label={t('buildings.address.address2')} {...text('address2', 40)} />
              <Autocomplete
                id="building-city"
                label={t('buildings.address.city')}
                withAsterisk
                aria-required
                data={cities}
                limit={8}
                maxLength={40}
                value={values.city}
                onChange={(value) => setField('city', value)}
                onBlur={() => form.touch('city')}
                error={form.error('city')}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
              />
              <TextInput label={t('buildings.address.zip')} withAsterisk aria-required {...text('zip', 14)} />
              <TextInput label={t('buildings.address.state')} withAsterisk aria-required {...text('state', 20)} />
              <Select
                id="building-countryCode"
                label={t('buildings.address.country')}
                withAsterisk
                aria-required
                searchable
                data={countries}
                value={values.countryCode || null}
                onChange={(value) => setField('countryCode', value ?? '')}
                onBlur={() => form.touch('countryCode')}
                error={form.error('countryCode')}
                nothingFoundMessage={t('buildings.common.nothingFound')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('buildings.address.sections.contact')}>
          <Stack gap="sm">
            <PhoneInput
              id="building-phone"
              label={t('buildings.address.phone')}
              value={values.phone}
              onChange={(value) => setField('phone', value)}
              onBlur={() => form.touch('phone')}
              error={form.error('phone')}
              defaultCountry={values.countryCode}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('buildings.address.email')} type="email" autoComplete="off" {...text('email', 96)} />
              <TextInput
                label={t('buildings.address.externalId')}
                description={t('buildings.common.counter', {
                  length: values.externalId.length,
                  max: EXTERNAL_ID_MAX,
                })}
                {...text('externalId', EXTERNAL_ID_MAX)}
              />
              <PasswordInput
                id="building-pinCode"
                label={t('buildings.address.pinCode')}
                withAsterisk
                aria-required
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={values.pinCode}
                onChange={(event) => setField('pinCode', event.currentTarget.value.replace(/\D/g, ''))}
                onBlur={() => form.touch('pinCode')}
                error={form.error('pinCode')}
                visibilityToggleButtonProps={{ 'aria-label': t('buildings.address.showPin'), tabIndex: 0 }}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('buildings.logo.section')}>
          <LogoSection
            building={building}
            file={logo}
            onFileChange={setLogo}
            progress={progress}
            onUpload={() => void uploadNow()}
            busy={busy}
          />
        </Fieldset>
        <TabActions onCancel={cancel} saveDisabled={busy || logoInvalid || progress !== null} />
      </Stack>
    </form>
  );
}

/**
 * The company's city names (the Cities screen), suggested by the city field, which still takes any
 * text. Without them (the call failed) the field is a plain text field: nothing to tell.
 */
function useCityNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    cityNames().then(
      (loaded) => live && setNames(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return names;
}
