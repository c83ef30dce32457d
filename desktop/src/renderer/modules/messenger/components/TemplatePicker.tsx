import { Alert, Badge, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TemplateMessage } from '@crm/common';
import { Clock3 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useQuery } from '../../../lib/load/use-query';
import { LoadError } from '../../../ui/LoadError';
import { whatsAppTemplatesApi } from '../api';
import { whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../../ui/whatsapp-templates';
import { TemplateButtonFields, TemplateHeaderFields } from '../../../ui/TemplateComponentFields';
import { buttonPreview, emptyTemplateForm, templateFormComplete, templatePreview, templateRequest, type TemplateFormValues } from '../../../ui/template-form';

export interface TemplatePickerProps {
  /** Fills `{{1}}` until the user changes it. */
  contactName: string | null;
  /** Sends the template; `preview` is its text filled in (the chat's pending copy). */
  onSend: (template: TemplateMessage, preview: string) => Promise<void> | void;
}

/**
 * The composer once the official API's 24-hour window closed: WhatsApp takes only an approved
 * template until the contact writes again. Pick one (name, language), see its text with the
 * parameters filled in, change them, send.
 */
export function TemplatePicker({ contactName, onSend }: TemplatePickerProps) {
  const { t } = useTranslation('messenger');
  const query = useQuery((signal) => whatsAppTemplatesApi.approved(signal).then((page) => page.items), [], {
    errorText: (error) => errorMessage(error, 'messenger:templates.loadFailed'),
  });
  const templates = query.data;
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<TemplateFormValues>(() => emptyTemplateForm(null, null));
  const [sending, setSending] = useState(false);

  const template = useMemo(() => templates?.find((x) => keyOf(x) === chosen) ?? null, [templates, chosen]);
  const choose = (key: string | null) => {
    setChosen(key);
    setValues(emptyTemplateForm(templates?.find((x) => keyOf(x) === key) ?? null, contactName));
  };
  const complete = !!template && templateFormComplete(template, values);
  const preview = template ? templatePreview(template, values) : '';
  const set = (change: Partial<TemplateFormValues>) => setValues((v) => ({ ...v, ...change }));

  const send = async () => {
    if (!template || !complete || sending) return;
    setSending(true);
    try {
      await onSend(templateRequest(template, values), preview);
      choose(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" p="xs" data-testid="template-picker">
      <Alert color="yellow" variant="light" p="xs" icon={<Clock3 size={16} />}>
        <Text size="sm">{t('templates.windowClosed')}</Text>
      </Alert>
      {query.error && <LoadError compact error={query.error} onRetry={query.reload} />}
      {query.loading && <Loader size="xs" />}
      {templates && templates.length === 0 && <Text size="sm">{t('templates.none')}</Text>}
      {templates && templates.length > 0 && (
        <>
          <Select
            label={t('templates.label')}
            placeholder={t('templates.choose')}
            data={templates.map((x) => ({ value: keyOf(x), label: whatsAppTemplateLabel(x) }))}
            value={chosen}
            onChange={choose}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          {template && (
            <>
              <TemplateHeaderFields template={template} values={values} onChange={set} />
              {values.params.map((value, i) => (
                <TextInput
                  key={i}
                  size="xs"
                  label={i === 0 ? t('templates.paramName', { n: i + 1 }) : t('templates.param', { n: i + 1 })}
                  value={value}
                  dir="auto"
                  onChange={(event) => {
                    const params = values.params.slice();
                    params[i] = event.currentTarget.value;
                    set({ params });
                  }}
                />
              ))}
              <TemplateButtonFields template={template} values={values} onChange={set} />
              <Text size="xs" c="dimmed">
                {t('templates.preview')}
              </Text>
              <Text size="sm" dir="auto" data-testid="template-preview" style={{ whiteSpace: 'pre-wrap' }}>
                {preview}
              </Text>
              {template.buttons.length > 0 && (
                <Group gap={4} aria-label={t('templates.buttons')} role="group" data-testid="template-buttons">
                  {template.buttons.map((_, i) => {
                    const b = buttonPreview(template, values, i);
                    const shown = b.url ? t('templates.buttonWithLink', { text: b.text, url: b.url }) : b.text;
                    return (
                      <Badge key={i} variant="outline" tt="none" title={b.url ?? undefined}>
                        {shown}
                      </Badge>
                    );
                  })}
                </Group>
              )}
              <Group justify="flex-end">
                <Button size="xs" onClick={() => void send()} disabled={!complete} loading={sending}>
                  {t('templates.send')}
                </Button>
              </Group>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
