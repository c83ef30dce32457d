import { TextInput } from '@mantine/core';
import { isDynamicUrlButton, isMediaHeader, type WhatsAppTemplate } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { isMediaValue, type TemplateFormValues } from './template-form';

/** The label of a media header's field, by the header's format. */
const HEADER_LABEL_KEYS: Partial<Record<string, string>> = {
  IMAGE: 'common:templateFields.headerImage',
  VIDEO: 'common:templateFields.headerVideo',
  DOCUMENT: 'common:templateFields.headerDocument',
};

export interface TemplateComponentFieldsProps {
  template: WhatsAppTemplate;
  values: TemplateFormValues;
  onChange: (change: Partial<TemplateFormValues>) => void;
  size?: 'xs' | 'sm';
}

/** A template's header parameter (a text, or a media by link or id, a document's file name), when it takes one. */
export function TemplateHeaderFields({ template, values, onChange, size = 'xs' }: TemplateComponentFieldsProps) {
  const { t } = useTranslation('common');
  if (!template.header || template.header.paramCount === 0) return null;
  const media = isMediaHeader(template.header);
  const invalid = media && values.header.trim() !== '' && !isMediaValue(values.header);
  const isDocument = template.header.format === 'DOCUMENT';
  return (
    <>
      <TextInput
        size={size}
        label={t(HEADER_LABEL_KEYS[template.header.format] ?? 'common:templateFields.headerText')}
        value={values.header}
        dir={media ? 'ltr' : 'auto'}
        error={invalid ? t('templateFields.headerInvalidLink') : undefined}
        onChange={(event) => onChange({ header: event.currentTarget.value })}
      />
      {isDocument && <TextInput size={size} label={t('templateFields.headerFileName')} value={values.fileName} dir="auto" onChange={(event) => onChange({ fileName: event.currentTarget.value })} />}
    </>
  );
}

/** A box for the end of each dynamic link button's address (the part after the fixed link). */
export function TemplateButtonFields({ template, values, onChange, size = 'xs' }: TemplateComponentFieldsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {template.buttons.map((button, i) =>
        isDynamicUrlButton(button) ? (
          <TextInput
            key={`button-${i}`}
            size={size}
            label={t('templateFields.buttonUrl', { text: button.text })}
            description={button.url}
            value={values.buttons[i] ?? ''}
            dir="ltr"
            onChange={(event) => {
              const buttons = values.buttons.slice();
              buttons[i] = event.currentTarget.value;
              onChange({ buttons });
            }}
          />
        ) : null,
      )}
    </>
  );
}
