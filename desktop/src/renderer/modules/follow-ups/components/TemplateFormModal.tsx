import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import {
  FOLLOW_UP_MAX_STEPS,
  FOLLOW_UP_MESSAGE_MAX,
  FOLLOW_UP_MIN_DELAY_HOURS,
  FOLLOW_UP_NAME_MAX,
  FOLLOW_UP_NAME_PLACEHOLDER,
  canAddFollowUpStep,
  canRemoveFollowUpStep,
  newFollowUpStep,
  parseFollowUpDelay,
  type FollowUpTemplate,
  type FollowUpTemplateInput,
  type FollowUpWhatsAppTemplate,
} from '@crm/common';
import { CircleAlert, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { templateProblem } from '../rules';
import { WhatsAppTemplateField } from './WhatsAppTemplateField';

type StepDraft = { key: number; delay: number | string; message: string };

export interface TemplateFormModalProps {
  opened: boolean;
  /** The template being edited, or null to create one. */
  template: FollowUpTemplate | null;
  onClose: () => void;
  /** Saves; a rejection's server text (else the catalogue's) is shown in the form. */
  onSave: (input: FollowUpTemplateInput) => Promise<unknown>;
}

/**
 * The create/edit dialog of a follow-up template: a name and 1–5 steps, each a
 * message (which may use {{name}}) and a delay in whole hours; a new step is 24 hours; Add Step is
 * hidden at 5 and the last step cannot be removed. Checked with the same rule the server applies.
 * On the official WhatsApp API it may also name the WhatsApp template sent outside the 24-hour window.
 */
export function TemplateFormModal({ opened, template, onClose, onSave }: TemplateFormModalProps) {
  const { t } = useTranslation('followups');
  const nextKey = useRef(0);
  const draft = (step: { delay: number | string; message: string }): StepDraft => ({ key: nextKey.current++, ...step });
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<StepDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [waTemplate, setWaTemplate] = useState<FollowUpWhatsAppTemplate | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName(template?.name ?? '');
    setWaTemplate(template?.whatsappTemplate ?? null);
    setSteps((template?.messages.length ? template.messages : [newFollowUpStep()]).map(draft));
    setError(null);
    setShowErrors(false);
    setSaving(false);
    // reset only when the dialog opens (draft is a fresh closure each render)
  }, [opened, template]);

  const change = (key: number, patch: Partial<StepDraft>) => {
    setSteps((current) => current.map((s) => (s.key === key ? { ...s, ...patch } : s)));
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = templateProblem({ name, messages: steps });
    setShowErrors(true);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      await onSave({
        name: name.trim(),
        messages: steps.map((s) => ({ delay: parseFollowUpDelay(s.delay)!, message: s.message.trim() })),
        // only when the company uses it (a chosen one, or clearing one chosen before)
        ...(waTemplate || template?.whatsappTemplate ? { whatsappTemplate: waTemplate } : {}),
      });
    } catch (failure) {
      setError(errorMessage(failure, 'followups:rules.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const stepInvalid = (s: StepDraft) => ({
    message: showErrors && !s.message.trim(),
    delay: showErrors && (parseFollowUpDelay(s.delay) === null || !Number.isInteger(parseFollowUpDelay(s.delay)) || parseFollowUpDelay(s.delay)! < FOLLOW_UP_MIN_DELAY_HOURS),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={template ? t('form.editTitle') : t('form.newTitle')} size="lg" closeOnClickOutside={!saving}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('form.name')}
            required
            maxLength={FOLLOW_UP_NAME_MAX}
            value={name}
            error={showErrors && !name.trim()}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {t('form.help', { placeholder: FOLLOW_UP_NAME_PLACEHOLDER })}
          </Text>
          {steps.map((step, i) => {
            const invalid = stepInvalid(step);
            return (
              <Paper key={step.key} withBorder p="sm" radius="md" aria-label={t('form.step', { n: i + 1 })} component="fieldset" style={{ margin: 0 }}>
                <Group justify="space-between" mb="xs">
                  <Text fw={600} size="sm" component="legend">
                    {t('form.step', { n: i + 1 })}
                  </Text>
                  {canRemoveFollowUpStep(steps.length) && (
                    <Tooltip label={t('form.removeStep')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('form.removeStepLabel', { n: i + 1 })}
                        onClick={() => {
                          setSteps((current) => current.filter((s) => s.key !== step.key));
                          setError(null);
                        }}
                      >
                        <Trash2 size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <Textarea
                    label={t('form.stepMessage', { n: i + 1 })}
                    required
                    rows={3}
                    resize="vertical"
                    maxLength={FOLLOW_UP_MESSAGE_MAX}
                    style={{ flex: 1 }}
                    dir="auto"
                    value={step.message}
                    error={invalid.message}
                    onChange={(e) => change(step.key, { message: e.currentTarget.value })}
                  />
                  <NumberInput
                    label={t('form.stepDelay', { n: i + 1 })}
                    required
                    w={150}
                    min={FOLLOW_UP_MIN_DELAY_HOURS}
                    allowDecimal={false}
                    allowNegative={false}
                    value={step.delay}
                    error={invalid.delay}
                    onChange={(value) => change(step.key, { delay: value })}
                  />
                </Group>
              </Paper>
            );
          })}
          <WhatsAppTemplateField value={waTemplate} onChange={setWaTemplate} />
          {canAddFollowUpStep(steps.length) && (
            <Button
              variant="light"
              leftSection={<Plus size={16} aria-hidden />}
              onClick={() => {
                setSteps((current) => [...current, draft(newFollowUpStep())]);
                setError(null);
              }}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('form.addStep')}
            </Button>
          )}
          {!canAddFollowUpStep(steps.length) && (
            <Text size="xs" c="dimmed">
              {t('rules.tooManySteps', { max: FOLLOW_UP_MAX_STEPS })}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
