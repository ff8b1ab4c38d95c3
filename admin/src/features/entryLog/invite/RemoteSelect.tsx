import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

export interface RemoteOption {
  value: string;
  label: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * A select whose options the server finds as the user types (hosts, people of the directory):
 * the typed text is sent after a pause, an older answer never replaces a newer one, and the chosen
 * option stays listed whatever the next search finds.
 */
export function RemoteSelect(props: {
  id: string;
  label: string;
  description?: string;
  placeholder?: string;
  nothingFound: string;
  value: string;
  onChange: (option: RemoteOption | null) => void;
  onBlur?: () => void;
  error?: string;
  /** Finds the options for a text ('' for the first ones); a new `find` searches again. */
  find: (text: string, signal: AbortSignal) => Promise<RemoteOption[]>;
  required?: boolean;
  /** The option of `value` when it was chosen elsewhere (shown whatever the search finds). */
  initialOption?: RemoteOption | null;
}) {
  const { id, label, description, nothingFound, value, onChange, onBlur, error, find, required } = props;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [found, setFound] = useState<RemoteOption[]>([]);
  const [chosen, setChosen] = useState<RemoteOption | null>(props.initialOption ?? null);

  // The value's option: the one chosen here, else the one given (a value set from outside).
  const current = chosen?.value === value ? chosen : props.initialOption?.value === value ? props.initialOption : null;
  const currentLabel = current?.label ?? null;

  useEffect(() => {
    const controller = new AbortController();
    // The chosen option's own label is no new search.
    const text = currentLabel !== null && debounced === currentLabel ? '' : debounced;
    find(text, controller.signal).then(
      (options) => !controller.signal.aborted && setFound(options),
      () => !controller.signal.aborted && setFound([]),
    );
    return () => controller.abort();
  }, [find, debounced, currentLabel]);

  const shown = current && !found.some((option) => option.value === value) ? [current, ...found] : found;
  return (
    <Select
      id={id}
      label={label}
      description={description}
      placeholder={props.placeholder}
      data={shown}
      value={value || null}
      onChange={(next) => {
        const option = shown.find((candidate) => candidate.value === next) ?? null;
        setChosen(option);
        onChange(option);
      }}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters; every option it answered is a match.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      clearable
      error={error}
      required={required}
      withAsterisk={required}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
    />
  );
}
