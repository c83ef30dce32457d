import { ActionIcon, Anchor, Button, Checkbox, Grid, Group, NativeSelect, NumberInput, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { EGYPT_GOVERNORATES, PIPELINE_STATUSES, PROBABILITY_MAX, PROBABILITY_MIN, PRODUCT_QTY_MIN, SHIPPING_STATUSES, trackingLink, type PipelineStatus, type ShippingStatus } from '@crm/common';
import { ExternalLink, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../i18n';
import { ProductPicker } from '../components/ProductPicker';
import { capitalize, formatMoney, formatNumber } from '../../../lib/format';
import { PIPELINE_STATUS_KEYS, SHIPPING_STATUS_KEYS } from '../labels';
import { Money } from '../../../ui/Money';
import { addRow, chooseShipping, followProducts, pickProduct, removeRow, rowsAmount, typeAmount, updateRow, type DealForm, type ShippingChoice, type ShippingForm } from './deal-form';

/** NumberInput answers numbers, or text while a number is half typed; '' means empty. */
const toNumber = (value: number | string): number | '' => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return '';
  const parsed = Number(value.replace(/,/g, ''));
  return Number.isFinite(parsed) ? parsed : '';
};

interface DealSectionProps {
  value: DealForm;
  onChange: (value: DealForm) => void;
  shippingCompanies: readonly ShippingChoice[];
  /** Keys of rows to mark 'Choose a product' (after a save attempt). */
  rowErrors: readonly string[];
}

/**
 * Sales Deal and Shipping Details: pipeline status,
 * amount (follows the products until typed by hand), probability 0–100, products with a picker
 * that fills the price, qty ≥ 1, and the shipping details.
 */
export function DealSection({ value, onChange, shippingCompanies, rowErrors }: DealSectionProps) {
  const { t } = useTranslation('contacts');
  const computed = rowsAmount(value.rows);
  const ship = (patch: Partial<ShippingForm>) => onChange({ ...value, shipping: { ...value.shipping, ...patch } });
  const language = useLocaleStore((s) => s.language);
  const choose = (patch: Parameters<typeof chooseShipping>[1]) => onChange(chooseShipping(value, patch, shippingCompanies));
  const parcelLink = trackingLink(shippingCompanies.find((c) => c._id === value.shipping.companyId)?.trackingURL, value.shipping.trackingNumber);
  const governorates = [
    { value: '', label: '—' },
    ...(value.shipping.governorate && !EGYPT_GOVERNORATES.some((g) => g.code === value.shipping.governorate) ? [{ value: value.shipping.governorate, label: value.shipping.governorate }] : []),
    ...EGYPT_GOVERNORATES.map((g) => ({ value: g.code, label: g[language] })),
  ];

  return (
    <Stack gap="lg">
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NativeSelect
            size="sm"
            label={t('deal.pipelineStatus')}
            value={value.pipelineStatus}
            onChange={(e) => onChange({ ...value, pipelineStatus: e.currentTarget.value as PipelineStatus })}
            data={PIPELINE_STATUSES.map((status) => ({ value: status, label: capitalize(t(PIPELINE_STATUS_KEYS[status])) }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            size="sm"
            label={t('deal.amount')}
            value={value.amount}
            onChange={(amount) => onChange(typeAmount(value, toNumber(amount)))}
            onBlur={() => value.amount === '' && onChange(followProducts(value))}
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            description={value.amountManual ? t('deal.amountManual', { amount: formatMoney(computed) }) : t('deal.amountFollows')}
            rightSection={
              value.amountManual ? (
                <Tooltip label={t('deal.followAgain')}>
                  <ActionIcon size="sm" aria-label={t('deal.followAgain')} onClick={() => onChange(followProducts(value))}>
                    <RotateCcw size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            size="sm"
            label={t('deal.probability')}
            value={value.probability}
            onChange={(probability) => onChange({ ...value, probability: toNumber(probability) })}
            min={PROBABILITY_MIN}
            max={PROBABILITY_MAX}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            description={t('deal.probabilityRange', { min: formatNumber(PROBABILITY_MIN), max: formatNumber(PROBABILITY_MAX) })}
          />
        </Grid.Col>
      </Grid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('deal.products')}
          </Title>
          <Button size="xs" variant="light" leftSection={<Plus size={14} aria-hidden />} onClick={() => onChange(addRow(value))}>
            {t('deal.addProduct')}
          </Button>
        </Group>
        {value.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('deal.noProducts')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table aria-label={t('deal.productsTable')} striped={false} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deal.columns.product')}</Table.Th>
                  <Table.Th w={110}>{t('deal.columns.qty')}</Table.Th>
                  <Table.Th w={150}>{t('deal.columns.price')}</Table.Th>
                  <Table.Th w={140} ta="end">
                    {t('deal.columns.total')}
                  </Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('deal.columns.remove')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {value.rows.map((row, index) => {
                  const n = index + 1;
                  const missing = rowErrors.includes(row.key) && !row.product;
                  return (
                    <Table.Tr key={row.key} data-testid={`deal-row-${n}`}>
                      <Table.Td>
                        <ProductPicker
                          aria-label={t('deal.productN', { n })}
                          placeholder={row.deletedProduct ? t('deal.deletedProduct') : t('deal.chooseProduct')}
                          value={row.product}
                          onChange={(product) => onChange(pickProduct(value, row.key, product))}
                          error={missing ? t('deal.chooseProduct') : undefined}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="sm"
                          aria-label={t('deal.quantityN', { n })}
                          value={row.qty}
                          onChange={(qty) => onChange(updateRow(value, row.key, { qty: toNumber(qty) }))}
                          onBlur={() => row.qty === '' && onChange(updateRow(value, row.key, { qty: PRODUCT_QTY_MIN }))}
                          min={PRODUCT_QTY_MIN}
                          clampBehavior="strict"
                          allowDecimal={false}
                          allowNegative={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="sm"
                          aria-label={t('deal.priceN', { n })}
                          value={row.price}
                          onChange={(price) => onChange(updateRow(value, row.key, { price: toNumber(price) }))}
                          min={0}
                          allowNegative={false}
                          decimalScale={2}
                          thousandSeparator=","
                          hideControls
                        />
                      </Table.Td>
                      <Table.Td ta="end">
                        <Money amount={(row.price === '' ? 0 : row.price) * (row.qty === '' ? 1 : row.qty)} />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={t('deal.columns.remove')}>
                          <ActionIcon color="red" aria-label={t('deal.removeN', { n })} onClick={() => onChange(removeRow(value, row.key))}>
                            <Trash2 size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('deal.shipping')}
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <NativeSelect
              size="sm"
              label={t('deal.shippingCompany')}
              value={value.shipping.companyId}
              onChange={(e) => choose({ companyId: e.currentTarget.value })}
              data={[{ value: '', label: t('deal.noCompany') }, ...shippingCompanies.map((company) => ({ value: company._id, label: company.name }))]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              size="sm"
              label={t('deal.trackingNumber')}
              dir="ltr"
              value={value.shipping.trackingNumber}
              onChange={(e) => ship({ trackingNumber: e.currentTarget.value })}
              description={
                parcelLink ? (
                  // A normal link: the desktop shell sends http(s) windows to the system browser.
                  <Anchor href={parcelLink} target="_blank" rel="noopener noreferrer" size="xs" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                    {t('deal.trackParcel')}
                    <ExternalLink size={12} aria-hidden />
                  </Anchor>
                ) : undefined
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <NumberInput
              size="sm"
              label={t('deal.shippingCost')}
              value={value.shipping.cost}
              onChange={(cost) => ship({ cost: toNumber(cost) })}
              min={0}
              allowNegative={false}
              decimalScale={2}
              thousandSeparator=","
              hideControls
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <NativeSelect
              size="sm"
              label={t('deal.shippingStatus')}
              value={value.shipping.status}
              onChange={(e) => ship({ status: e.currentTarget.value as ShippingStatus })}
              data={SHIPPING_STATUSES.map((status) => ({ value: status, label: capitalize(t(SHIPPING_STATUS_KEYS[status])) }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect size="sm" label={t('deal.governorate')} value={value.shipping.governorate} onChange={(e) => choose({ governorate: e.currentTarget.value })} data={governorates} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput size="sm" label={t('deal.city')} value={value.shipping.city} onChange={(e) => ship({ city: e.currentTarget.value })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput size="sm" label={t('deal.street')} value={value.shipping.street} onChange={(e) => ship({ street: e.currentTarget.value })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <NumberInput
              size="sm"
              label={t('deal.codAmount')}
              value={value.shipping.codAmount}
              onChange={(codAmount) => ship({ codAmount: toNumber(codAmount) })}
              min={0}
              allowNegative={false}
              decimalScale={2}
              thousandSeparator=","
              hideControls
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Checkbox label={t('deal.codCollected')} checked={value.shipping.codCollected} onChange={(e) => ship({ codCollected: e.currentTarget.checked })} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Stack>
  );
}
