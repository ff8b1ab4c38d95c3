import { TextInput } from '@mantine/core';
import { IconSearch } from './ListIcons.tsx';

/** A list's search field (a search box, which screen readers announce as such), full width on small screens. */
export function ListSearch(props: {
  id: string;
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  /** Its width in pixels from the small breakpoint up. */
  width: number;
}) {
  const { id, label, description, value, onChange, width } = props;
  return (
    <TextInput
      id={id}
      type="search"
      label={label}
      description={description}
      leftSection={<IconSearch />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: width }}
    />
  );
}
