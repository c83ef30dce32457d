import { ColorSwatch, Group, MultiSelect, Text, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLabels } from './store';

interface LabelPickerProps extends Pick<MultiSelectProps, 'label' | 'placeholder' | 'w' | 'size' | 'disabled' | 'description'> {
  value: string[];
  onChange: (labelIds: string[]) => void;
}

/**
 * Chooses labels of the company by name (type to narrow), each shown with its colour. The one
 * label chooser of the filters and the bulk action.
 */
export function LabelPicker({ value, onChange, label, placeholder, w = 240, size = 'sm', disabled, description }: LabelPickerProps) {
  const { t } = useTranslation('labels');
  const labels = useLabels();
  const colours = new Map(labels.map((l) => [l._id, l.colour]));
  // an id in the URL whose label is gone (or not loaded yet) still shows, so it can be removed
  const data = [...labels.map((l) => ({ value: l._id, label: l.name })), ...value.filter((id) => !colours.has(id)).map((id) => ({ value: id, label: t('unknown') }))];
  return (
    <MultiSelect
      size={size}
      w={w}
      label={label}
      description={description}
      placeholder={value.length ? undefined : placeholder}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
      searchable
      clearable
      nothingFoundMessage={t('nothingFound')}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colours.get(option.value) ?? 'var(--mantine-color-gray-5)'} size={12} aria-hidden />
          <Text size="sm" dir="auto">
            {option.label}
          </Text>
        </Group>
      )}
    />
  );
}
