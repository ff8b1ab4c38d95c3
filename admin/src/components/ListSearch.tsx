import { TextInput } from '@mantine/core';
import { IconSearch } from './ListIcons.tsx';

/** A list's search field (a search box, which screen readers announce as such), full width on small screens. */
export function ListSearch(props: {
  id: string;
  label: string;
  description?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Its width in pixels from the small breakpoint up (its least width when it grows). */
  width: number;
  /** Takes the room its row leaves. */
  grow?: boolean;
}) {
  const { id, label, description, placeholder, value, onChange, width, grow = false } = props;
  return (
    <TextInput
      id={id}
      type="search"
      label={label}
      description={description}
      placeholder={placeholder}
      leftSection={<IconSearch />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={grow ? undefined : { base: '100%', sm: width }}
      miw={grow ? width : undefined}
      style={grow ? { flexGrow: 1 } : undefined}
    />
  );
}
