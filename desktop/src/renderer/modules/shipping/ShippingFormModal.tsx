import { ActionIcon, Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { EGYPT_GOVERNORATES, isTrackingUrl, type GovernorateCode, type ShippingCompany } from '@crm/common';
import { Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { FormModal } from '../../ui/FormModal';
import { shippingApi } from './api';

type FeeRow = { governorate: string | null; fee: number | string };
interface FormState {
  name: string;
  contactPerson: string;
  phone: string;
  trackingURL: string;
  fees: FeeRow[];
}

const fromCompany = (c: ShippingCompany | null): FormState => ({
  name: c?.name ?? '',
  contactPerson: c?.contactPerson ?? '',
  phone: c?.phone ?? '',
  trackingURL: c?.trackingURL ?? '',
  fees: c?.governorateFees.map((f) => ({ governorate: f.governorate, fee: f.fee })) ?? [],
});

/** Add or edit a shipping company (name required; the rest optional) with its fee per governorate. */
export function ShippingFormModal({ opened, company, onClose, onSaved }: { opened: boolean; company: ShippingCompany | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('shipping');
  const language = useLocaleStore((s) => s.language);
  const [form, setForm] = useState<FormState>(fromCompany(company));
  const [nameError, setNameError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(fromCompany(company));
      setNameError(null);
      setUrlError(null);
      setFormError(null);
    }
  }, [opened, company]);

  const setFee = (i: number, row: Partial<FeeRow>) => setForm((f) => ({ ...f, fees: f.fees.map((r, j) => (j === i ? { ...r, ...row } : r)) }));
  const taken = new Set(form.fees.map((f) => f.governorate));

  const submit = async () => {
    const nameMissing = !form.name.trim();
    // the server's rule (common createShippingCompanySchema): only http(s) addresses
    const badUrl = form.trackingURL.trim() !== '' && !isTrackingUrl(form.trackingURL);
    if (nameMissing) setNameError(t('form.nameRequired'));
    if (badUrl) setUrlError(t('form.trackingURLInvalid'));
    if (nameMissing || badUrl) return;
    const body = {
      name: form.name.trim(),
      contactPerson: form.contactPerson.trim() || null,
      phone: form.phone.trim() || null,
      trackingURL: form.trackingURL.trim() || null,
      governorateFees: form.fees.filter((f) => f.governorate && f.fee !== '').map((f) => ({ governorate: f.governorate as GovernorateCode, fee: Number(f.fee) })),
    };
    setSaving(true);
    try {
      if (company) await shippingApi.update(company._id, body);
      else await shippingApi.create(body);
      onSaved();
    } catch (failure) {
      setFormError(errorMessage(failure, 'shipping:saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={company ? t('form.editTitle') : t('form.addTitle')}
      size="lg"
      onSubmit={submit}
      saving={saving}
      error={formError}
      texts={{ cancel: t('form.cancel'), save: t('form.save') }}
    >
      <TextInput label={t('form.name')} required value={form.name} error={nameError} onChange={(e) => (setForm({ ...form, name: e.currentTarget.value }), setNameError(null))} />
      <TextInput label={t('form.contactPerson')} value={form.contactPerson} onChange={(e) => setForm({ ...form, contactPerson: e.currentTarget.value })} />
      <TextInput label={t('form.phone')} dir="ltr" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })} />
      <TextInput
        label={t('form.trackingURL')}
        description={t('form.trackingHint')}
        dir="ltr"
        inputMode="url"
        value={form.trackingURL}
        error={urlError}
        onChange={(e) => (setForm({ ...form, trackingURL: e.currentTarget.value }), setUrlError(null))}
      />
      <Text fw={500} size="sm">
        {t('form.fees')}
      </Text>
      {form.fees.map((row, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t('form.governorate')}
            searchable
            style={{ flex: 2 }}
            value={row.governorate}
            onChange={(v) => setFee(i, { governorate: v })}
            data={EGYPT_GOVERNORATES.filter((g) => g.code === row.governorate || !taken.has(g.code)).map((g) => ({ value: g.code, label: g[language] }))}
          />
          <NumberInput label={t('form.fee')} min={0} decimalScale={2} style={{ flex: 1 }} value={row.fee} onChange={(v) => setFee(i, { fee: v })} />
          <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('form.removeFee')} onClick={() => setForm((f) => ({ ...f, fees: f.fees.filter((_, j) => j !== i) }))}>
            <X size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<Plus size={14} aria-hidden />} onClick={() => setForm((f) => ({ ...f, fees: [...f.fees, { governorate: null, fee: '' }] }))}>
          {t('form.addFee')}
        </Button>
      </Group>
    </FormModal>
  );
}
