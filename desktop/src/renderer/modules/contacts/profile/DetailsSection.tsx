import { Grid, Textarea, TextInput } from '@mantine/core';
import type { DetailsForm } from './deal-form';

/** Contact Details: name, phone (read-only), email, address, notes. */
export function DetailsSection({ value, phone, onChange }: { value: DetailsForm; phone: string; onChange: (value: DetailsForm) => void }) {
  const edit = (field: keyof DetailsForm) => (text: string) => onChange({ ...value, [field]: text });
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label="Name" value={value.name} onChange={(e) => edit('name')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label="Phone" value={phone} readOnly dir="ltr" description="The phone number cannot be changed" variant="filled" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label="Email" type="email" value={value.email} onChange={(e) => edit('email')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput size="sm" label="Address" value={value.address} onChange={(e) => edit('address')(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea size="sm" label="Notes" minRows={2} rows={3} resize="vertical" value={value.notes} onChange={(e) => edit('notes')(e.currentTarget.value)} />
      </Grid.Col>
    </Grid>
  );
}
