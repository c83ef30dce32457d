import { Grid, Textarea, TextInput } from '@mantine/core';
import { displayPhone } from '@crm/common';
import { useTranslation } from 'react-i18next';
import type { DetailsForm } from './deal-form';

/** Contact Details: name, phone (read-only), email, address, notes. */
export function DetailsSection({ value, phone, onChange }: { value: DetailsForm; phone: string; onChange: (value: DetailsForm) => void }) {
  const { t } = useTranslation('contacts');
  const edit = (field: keyof DetailsForm) => (text: string) => onChange({ ...value, [field]: text });
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label={t('details.name')} value={value.name} onChange={(e) => edit('name')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          size="sm"
          label={t('details.phone')}
          value={displayPhone(phone) ?? ''}
          placeholder={t('common:contactPhone.noNumber')}
          readOnly
          dir="ltr"
          description={t('details.phoneFixed')}
          variant="filled"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label={t('details.email')} type="email" value={value.email} onChange={(e) => edit('email')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label={t('details.address')} value={value.address} onChange={(e) => edit('address')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea size="sm" label={t('details.notes')} minRows={2} rows={3} resize="vertical" value={value.notes} onChange={(e) => edit('notes')(e.currentTarget.value)} />
      </Grid.Col>
    </Grid>
  );
}
