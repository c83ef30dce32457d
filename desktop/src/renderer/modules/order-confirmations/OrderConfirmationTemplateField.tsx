import { Select, Stack, Text, TextInput } from '@mantine/core';
import { ORDER_CONFIRMATION_TEMPLATE_PARAMS, type TemplateMessage } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { useOptionalWhatsAppTemplates, whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../ui/whatsapp-templates';
import { orderConfirmationsApi } from './api';

export interface OrderConfirmationTemplateFieldProps {
  value: TemplateMessage | null;
  onChange: (value: TemplateMessage | null) => void;
}

/**
 * On the official WhatsApp API: the approved template the confirmation goes as (Meta refuses the
 * text outside the 24-hour window), a box per `{{n}}` of its body, started as the order's
 * placeholders in order. Hidden when the company has no templates (linked by QR).
 */
export function OrderConfirmationTemplateField({ value, onChange }: OrderConfirmationTemplateFieldProps) {
  const { t } = useTranslation('orderConfirmations');
  const templates = useOptionalWhatsAppTemplates(orderConfirmationsApi.whatsAppTemplates);

  if (!templates.length && !value) return null;
  const chosen = value ? templates.find((x) => keyOf(x) === keyOf(value)) : undefined;
  const data = templates.map((x) => ({ value: keyOf(x), label: whatsAppTemplateLabel(x) }));
  const setParam = (i: number, text: string) => value && onChange({ ...value, params: value.params.map((p, j) => (j === i ? text : p)) });
  return (
    <Stack gap="xs">
      <Select
        label={t('template')}
        description={t('templateHelp')}
        placeholder={t('templateNone')}
        data={data}
        value={value ? keyOf(value) : null}
        clearable
        onChange={(key) => {
          const picked = templates.find((x) => keyOf(x) === key);
          onChange(picked ? { name: picked.name, language: picked.language, params: Array.from({ length: picked.bodyParamCount }, (_, i) => ORDER_CONFIRMATION_TEMPLATE_PARAMS[i] ?? '') } : null);
        }}
        comboboxProps={{ withinPortal: false }}
      />
      {chosen && (
        <Text size="xs" c="dimmed">
          {chosen.body}
        </Text>
      )}
      {chosen && value?.params.map((param, i) => <TextInput key={i} label={t('templateParam', { n: i + 1 })} value={param} onChange={(e) => setParam(i, e.currentTarget.value)} />)}
    </Stack>
  );
}
