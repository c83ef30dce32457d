import { Select } from '@mantine/core';
import type { FollowUpWhatsAppTemplate } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { followUpsApi } from '../api';
import { useOptionalWhatsAppTemplates, whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../../ui/whatsapp-templates';

export interface WhatsAppTemplateFieldProps {
  value: FollowUpWhatsAppTemplate | null;
  onChange: (value: FollowUpWhatsAppTemplate | null) => void;
}

/**
 * On the official WhatsApp API: the approved template a sequence's steps send once the contact's
 * 24-hour window closed (without one such a step is skipped). Hidden when the company has no
 * templates (linked by QR) and none is chosen.
 */
export function WhatsAppTemplateField({ value, onChange }: WhatsAppTemplateFieldProps) {
  const { t } = useTranslation('followups');
  const templates = useOptionalWhatsAppTemplates(followUpsApi.whatsAppTemplates);

  if (!templates.length && !value) return null;
  const data = templates.map((x) => ({ value: keyOf(x), label: whatsAppTemplateLabel(x) }));
  if (value && !data.some((d) => d.value === keyOf(value))) data.push({ value: keyOf(value), label: whatsAppTemplateLabel(value) });
  return (
    <Select
      label={t('form.whatsappTemplate')}
      description={t('form.whatsappTemplateHelp')}
      placeholder={t('form.whatsappTemplateNone')}
      data={data}
      value={value ? keyOf(value) : null}
      clearable
      onChange={(key) => {
        const [name, language] = key ? key.split('|') : [];
        onChange(name && language ? { name, language } : null);
      }}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
