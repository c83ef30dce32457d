import { Group, NumberInput, TextInput, Textarea } from '@mantine/core';
import type { Product } from '@crm/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { FormModal } from '../../ui/FormModal';
import { productsApi } from './api';

interface FormState {
  name: string;
  sku: string;
  category: string;
  price: number | string;
  stockQty: number | string;
  minQty: number | string;
  notes: string;
}
type Errors = Partial<Record<keyof FormState | 'form', string>>;

const fromProduct = (p: Product | null): FormState =>
  p
    ? { name: p.name, sku: p.sku, category: p.category ?? '', price: p.price, stockQty: p.stockQty, minQty: p.minQty, notes: p.notes ?? '' }
    : { name: '', sku: '', category: '', price: '', stockQty: 0, minQty: 0, notes: '' };

/** Add or edit a product (name, sku and price required; the rest optional). */
export function ProductFormModal({ opened, product, onClose, onSaved }: { opened: boolean; product: Product | null; onClose: () => void; onSaved: (p: Product) => void }) {
  const { t } = useTranslation('products');
  const [form, setForm] = useState<FormState>(fromProduct(product));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(fromProduct(product));
      setErrors({});
    }
  }, [opened, product]);

  const set = (name: keyof FormState) => (value: string | number) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined, form: undefined }));
  };

  const submit = async () => {
    const found: Errors = {};
    if (!form.name.trim()) found.name = t('form.nameRequired');
    if (!form.sku.trim()) found.sku = t('form.skuRequired');
    if (form.price === '' || form.price === null) found.price = t('form.priceRequired');
    else if (Number(form.price) < 0) found.price = t('form.notNegative');
    for (const q of ['stockQty', 'minQty'] as const) if (form[q] !== '' && Number(form[q]) < 0) found[q] = t('form.notNegative');
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      name: form.name.trim(),
      sku: form.sku.trim(),
      category: form.category.trim() || null,
      price: Number(form.price),
      stockQty: form.stockQty === '' ? 0 : Number(form.stockQty),
      minQty: form.minQty === '' ? 0 : Number(form.minQty),
      notes: form.notes.trim() || null,
    };
    setSaving(true);
    try {
      onSaved(product ? await productsApi.update(product._id, body) : await productsApi.create(body));
    } catch (failure) {
      const text = errorMessage(failure, 'products:saveFailed');
      if (failure instanceof ApiError && failure.code === 'product.sku_taken') setErrors({ sku: text });
      else setErrors({ form: text });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={product ? t('form.editTitle') : t('form.addTitle')}
      onSubmit={submit}
      saving={saving}
      error={errors.form}
      texts={{ cancel: t('form.cancel'), save: t('form.save') }}
    >
      <TextInput label={t('form.name')} required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} />
      <TextInput label={t('form.sku')} required value={form.sku} onChange={(e) => set('sku')(e.currentTarget.value)} error={errors.sku} dir="ltr" />
      <TextInput label={t('form.category')} value={form.category} onChange={(e) => set('category')(e.currentTarget.value)} />
      <NumberInput label={t('form.price')} required min={0} decimalScale={2} value={form.price} onChange={set('price')} error={errors.price} />
      <Group grow>
        <NumberInput label={t('form.stockQty')} min={0} allowDecimal={false} value={form.stockQty} onChange={set('stockQty')} error={errors.stockQty} />
        <NumberInput label={t('form.minQty')} min={0} allowDecimal={false} value={form.minQty} onChange={set('minQty')} error={errors.minQty} />
      </Group>
      <Textarea label={t('form.notes')} value={form.notes} onChange={(e) => set('notes')(e.currentTarget.value)} />
    </FormModal>
  );
}
