import { Select, Stack, TextInput } from '@mantine/core';
import type { CampaignWhatsAppTemplate, WhatsAppTemplate } from '@crm/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignsApi } from './api';
import { TemplateButtonFields, TemplateHeaderFields } from '../../ui/TemplateComponentFields';
import { templateRequest, type TemplateFormValues } from '../../ui/template-form';
import { useOptionalWhatsAppTemplates, whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../ui/whatsapp-templates';

export interface CampaignTemplateFieldProps {
  value: CampaignWhatsAppTemplate | null;
  onChange: (value: CampaignWhatsAppTemplate | null) => void;
}

/** What the boxes show for a saved choice: its body values, its header's text, link or media id, its buttons' link ends. */
function formOf(template: WhatsAppTemplate, value: CampaignWhatsAppTemplate): TemplateFormValues {
  const header = value.header;
  return {
    params: value.params,
    header: header?.text ?? header?.link ?? header?.mediaId ?? '',
    fileName: header?.filename ?? '',
    buttons: template.buttons.map((_, i) => value.buttons?.[i] ?? ''),
  };
}

/**
 * On the official WhatsApp API: the approved template a recipient outside the 24-hour window gets
 * instead of the message (without one they are skipped), with a box per `{{n}}` of its body, its
 * header's parameter and each link button's end; the first body value starts as `{name}`. Hidden
 * when the company has no templates (linked by QR).
 */
export function CampaignTemplateField({ value, onChange }: CampaignTemplateFieldProps) {
  const { t } = useTranslation('campaigns');
  const templates = useOptionalWhatsAppTemplates(campaignsApi.whatsAppTemplates);
  // what is typed, spaces and all; the value sent up is the request built from it
  const [typed, setTyped] = useState<TemplateFormValues | null>(null);

  if (!templates.length && !value) return null;
  const chosen = value ? templates.find((x) => keyOf(x) === keyOf(value)) : undefined;
  const data = templates.map((x) => ({ value: keyOf(x), label: whatsAppTemplateLabel(x) }));
  const values = chosen && value ? (typed ?? formOf(chosen, value)) : null;
  const change = (patch: Partial<TemplateFormValues>) => {
    if (!chosen || !values) return;
    const next = { ...values, ...patch };
    setTyped(next);
    onChange({ ...templateRequest(chosen, next), params: next.params });
  };
  const pick = (picked: WhatsAppTemplate | undefined) => {
    setTyped(null);
    onChange(picked ? { name: picked.name, language: picked.language, params: Array.from({ length: picked.bodyParamCount }, (_, i) => (i === 0 ? '{name}' : '')) } : null);
  };
  return (
    <Stack gap="xs">
      <Select
        label={t('wizard.whatsappTemplate')}
        description={t('wizard.whatsappTemplateHelp')}
        placeholder={t('wizard.whatsappTemplateNone')}
        data={data}
        value={value ? keyOf(value) : null}
        clearable
        onChange={(key) => pick(templates.find((x) => keyOf(x) === key))}
        comboboxProps={{ withinPortal: false }}
      />
      {chosen && values && (
        <>
          <TemplateHeaderFields template={chosen} values={values} onChange={change} size="sm" />
          {values.params.map((param, i) => (
            <TextInput
              key={i}
              label={t('wizard.templateParam', { n: i + 1 })}
              description={i === 0 ? t('wizard.templateParamHelp') : undefined}
              value={param}
              onChange={(e) => change({ params: values.params.map((p, j) => (j === i ? e.currentTarget.value : p)) })}
            />
          ))}
          <TemplateButtonFields template={chosen} values={values} onChange={change} size="sm" />
        </>
      )}
    </Stack>
  );
}
