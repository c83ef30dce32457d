import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { fillTemplateBody, type TemplateMessage, type WhatsAppTemplate } from '@crm/common';
import { Clock3 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { whatsAppTemplatesApi } from '../api';
import { whatsAppTemplateKey as keyOf, whatsAppTemplateLabel } from '../../../ui/whatsapp-templates';

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
  const [templates, setTemplates] = useState<WhatsAppTemplate[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    whatsAppTemplatesApi
      .approved()
      .then((page) => live && setTemplates(page.items))
      .catch((error: unknown) => live && setLoadError(errorMessage(error, 'messenger:templates.loadFailed')));
    return () => {
      live = false;
    };
  }, []);

  const template = useMemo(() => templates?.find((x) => keyOf(x) === chosen) ?? null, [templates, chosen]);
  const choose = (key: string | null) => {
    setChosen(key);
    const next = templates?.find((x) => keyOf(x) === key);
    // {{1}} is the contact's name unless the user writes something else
    setParams(next ? Array.from({ length: next.bodyParamCount }, (_, i) => (i === 0 ? (contactName ?? '') : '')) : []);
  };
  const complete = !!template && params.every((p) => p.trim().length > 0);
  const preview = template
    ? fillTemplateBody(
        template.body,
        params.map((p, i) => p.trim() || `{{${i + 1}}}`),
      )
    : '';

  const send = async () => {
    if (!template || !complete || sending) return;
    setSending(true);
    try {
      await onSend({ name: template.name, language: template.language, params: params.map((p) => p.trim()) }, fillTemplateBody(template.body, params));
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
      {loadError && (
        <Text size="sm" c="red" role="alert">
          {loadError}
        </Text>
      )}
      {!templates && !loadError && <Loader size="xs" />}
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
              {params.map((value, i) => (
                <TextInput
                  key={i}
                  size="xs"
                  label={i === 0 ? t('templates.paramName', { n: i + 1 }) : t('templates.param', { n: i + 1 })}
                  value={value}
                  dir="auto"
                  onChange={(event) => {
                    const next = params.slice();
                    next[i] = event.currentTarget.value;
                    setParams(next);
                  }}
                />
              ))}
              <Text size="xs" c="dimmed">
                {t('templates.preview')}
              </Text>
              <Text size="sm" dir="auto" data-testid="template-preview" style={{ whiteSpace: 'pre-wrap' }}>
                {preview}
              </Text>
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
