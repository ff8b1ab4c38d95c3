import { Group, Select, TextInput } from '@mantine/core';
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Countries offered first: Canada and the United States. */
const preferredCountries: readonly CountryCode[] = ['CA', 'US'];

interface PhoneInputProps {
  id: string;
  label: string;
  /** An international number (`+14165550123`) or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** The country chosen when the number does not tell (the building's country). */
  defaultCountry?: string | null;
  /** Characters of the whole international number, + included. */
  maxLength?: number;
  description?: string;
}

function countryOf(value: string, fallback: string | null | undefined): CountryCode {
  const detected = value.startsWith('+') ? parsePhoneNumberFromString(value)?.country : undefined;
  if (detected) return detected;
  if (fallback && isSupportedCountry(fallback)) return fallback;
  return 'CA';
}

/** Only digits, and a + as the first character. */
export function phoneCharacters(text: string): string {
  const plus = text.trimStart().startsWith('+');
  const digits = text.replace(/\D/g, '');
  return plus ? `+${digits}` : digits;
}

/**
 * A phone number in international format: the country (Canada and the United States first)
 * gives the calling code, the field takes the rest; typing a leading + picks the country
 * from the number.
 */
export function PhoneInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  defaultCountry,
  maxLength = 15,
  description,
}: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [country, setCountry] = useState<CountryCode>(() => countryOf(value, defaultCountry));
  const prefix = `+${getCountryCallingCode(country)}`;
  const national = value.startsWith(prefix) ? value.slice(prefix.length) : value;

  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const option = (code: CountryCode) => ({
      value: code,
      label: `${names.of(code) ?? code} +${getCountryCallingCode(code)}`,
    });
    const collator = new Intl.Collator(language);
    const others = getCountries()
      .filter((code) => !preferredCountries.includes(code))
      .map(option)
      .sort((a, b) => collator.compare(a.label, b.label));
    return [
      { group: t('buildings.phone.preferred'), items: preferredCountries.map(option) },
      { group: t('buildings.phone.allCountries'), items: others },
    ];
  }, [language, t]);

  const typeNumber = (text: string) => {
    const typed = phoneCharacters(text);
    if (typed === '') {
      onChange('');
      return;
    }
    if (typed.startsWith('+')) {
      // A whole international number: its calling code chooses the country.
      const reader = new AsYouType();
      reader.input(typed);
      const callingCode = reader.getCallingCode();
      const detected =
        reader.getCountry() ??
        (callingCode && callingCode !== getCountryCallingCode(country)
          ? getCountries().find((code) => getCountryCallingCode(code) === callingCode)
          : undefined);
      if (detected) setCountry(detected);
      onChange(typed.slice(0, maxLength));
      return;
    }
    onChange(`${prefix}${typed}`.slice(0, maxLength));
  };

  const chooseCountry = (code: string | null) => {
    if (!code || !isSupportedCountry(code)) return;
    setCountry(code);
    const digits = national.replace(/\D/g, '');
    if (digits) onChange(`+${getCountryCallingCode(code)}${digits}`.slice(0, maxLength));
  };

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        id={`${id}-country`}
        label={t('buildings.phone.country')}
        data={countryOptions}
        value={country}
        onChange={chooseCountry}
        searchable
        allowDeselect={false}
        w={190}
        comboboxProps={{ withinPortal: false }}
        nothingFoundMessage={t('buildings.common.nothingFound')}
      />
      <TextInput
        id={id}
        label={label}
        description={description}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        leftSection={<span aria-hidden="true">{prefix}</span>}
        leftSectionWidth={56}
        value={national}
        maxLength={national.startsWith('+') ? maxLength : Math.max(1, maxLength - prefix.length)}
        onChange={(event) => typeNumber(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
