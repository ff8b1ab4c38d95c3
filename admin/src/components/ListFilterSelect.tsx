import { Select } from '@mantine/core';

/**
 * One filter of a list's toolbar as a clearable choice: one of `options`, or none (the
 * placeholder, "any"). Only a value of the options reaches `onChange`, typed as they are.
 */
export function ListFilterSelect<T extends string>(props: {
  id: string;
  label: string;
  placeholder: string;
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** Its width in pixels. */
  width: number;
  searchable?: boolean;
}) {
  const { id, label, placeholder, options, value, onChange, width, searchable } = props;
  return (
    <Select
      id={id}
      label={label}
      placeholder={placeholder}
      data={options.map((option) => ({ value: option.value, label: option.label }))}
      value={value ?? null}
      onChange={(chosen) => onChange(options.find((option) => option.value === chosen)?.value)}
      searchable={searchable}
      clearable
      w={width}
    />
  );
}
