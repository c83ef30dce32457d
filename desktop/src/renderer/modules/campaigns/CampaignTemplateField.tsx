import { Select, Stack, TextInput } from '@mantine/core';
import type { CampaignWhatsAppTemplate } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { campaignsApi } from './api';
import { useOptionalWhatsAppTemplates, whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../ui/whatsapp-templates';

export interface CampaignTemplateFieldProps {
  value: CampaignWhatsAppTemplate | null;
  onChange: (value: CampaignWhatsAppTemplate | null) => void;
}

/**
 * On the official WhatsApp API: the approved template a recipient outside the 24-hour window gets
 * instead of the message (without one they are skipped), with a box per `{{n}}` of its body; the
 * first starts as `{name}`. Hidden when the company has no templates (linked by QR).
 */
export function CampaignTemplateField({ value, onChange }: CampaignTemplateFieldProps) {
  const { t } = useTranslation('campaigns');
  const templates = useOptionalWhatsAppTemplates(campaignsApi.whatsAppTemplates);

  if (!templates.length && !value) return null;
  const chosen = value ? templates.find((x) => keyOf(x) === keyOf(value)) : undefined;
  const data = templates.map((x) => ({ value: keyOf(x), label: whatsAppTemplateLabel(x) }));
  const setParam = (i: number, text: string) => value && onChange({ ...value, params: value.params.map((p, j) => (j === i ? text : p)) });
  return (
    <Stack gap="xs">
      <Select
        label={t('wizard.whatsappTemplate')}
        description={t('wizard.whatsappTemplateHelp')}
        placeholder={t('wizard.whatsappTemplateNone')}
        data={data}
        value={value ? keyOf(value) : null}
        clearable
        onChange={(key) => {
          const picked = templates.find((x) => keyOf(x) === key);
          onChange(picked ? { name: picked.name, language: picked.language, params: Array.from({ length: picked.bodyParamCount }, (_, i) => (i === 0 ? '{name}' : '')) } : null);
        }}
        comboboxProps={{ withinPortal: false }}
      />
      {chosen &&
        value?.params.map((param, i) => (
          <TextInput
            key={i}
            label={t('wizard.templateParam', { n: i + 1 })}
            description={i === 0 ? t('wizard.templateParamHelp') : undefined}
            value={param}
            onChange={(e) => setParam(i, e.currentTarget.value)}
          />
        ))}
    </Stack>
  );
}
