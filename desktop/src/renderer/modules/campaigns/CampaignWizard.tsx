import { Alert, Badge, Button, FileInput, Group, List, Modal, MultiSelect, Radio, Select, Stack, Stepper, Text, TextInput, Textarea } from '@mantine/core';
import {
  CONTACT_STAGES,
  DEFAULT_SENDING_SETTINGS,
  EGYPT_GOVERNORATES,
  PIPELINE_STATUSES,
  type AudiencePreview,
  type CampaignAudience,
  type CampaignWhatsAppTemplate,
  type Label,
  type UserSummary,
} from '@crm/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocaleStore } from '../../i18n';
import { lookupsApi } from '../contacts/api';
import { ProductPicker, type PickedProduct } from '../contacts/components/ProductPicker';
import { PIPELINE_STATUS_KEYS, STAGE_KEYS } from '../contacts/labels';
import { messagesApi } from '../messenger/api';
import { campaignsApi } from './api';
import { CampaignScheduleField, scheduledInstant, type CampaignSchedule, type CompanyClock } from './CampaignScheduleField';
import { CampaignTemplateField } from './CampaignTemplateField';
import { contactLabel } from '../../ui/ContactPhone';

type Draft = {
  name: string;
  audience: CampaignAudience;
  message: string;
  media: { path: string; fileName: string } | null;
  whatsappTemplate: CampaignWhatsAppTemplate | null;
  schedule: CampaignSchedule;
};

const EMPTY: Draft = { name: '', audience: { labelMatch: 'any' }, message: '', media: null, whatsappTemplate: null, schedule: { when: 'now', day: null, time: '' } };
/** Until Settings → Sending answers: the defaults every company starts with. */
const DEFAULT_CLOCK: CompanyClock = { timeZone: DEFAULT_SENDING_SETTINGS.timeZone, sendingHours: DEFAULT_SENDING_SETTINGS.sendingHours };

/** The live count and sample of an audience, asked again (debounced) as the filter or the message changes. */
function useAudiencePreview(audience: CampaignAudience, message: string) {
  const [preview, setPreview] = useState<AudiencePreview | null>(null);
  const key = JSON.stringify({ audience, message });
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      campaignsApi.audience({ audience, message }, controller.signal).then(setPreview, () => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // asked again when the audience or the message changes (the key)
  }, [key]);
  return preview;
}

/** Creating a campaign in three steps: who, what and when, then a review with the real count; saves a draft or starts it. */
export function CampaignWizard({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('campaigns');
  const language = useLocaleStore((s) => s.language);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [labels, setLabels] = useState<Label[]>([]);
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [clock, setClock] = useState<CompanyClock>(DEFAULT_CLOCK);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = useAudiencePreview(draft.audience, draft.message);
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  // the file is uploaded when picked, as in the chat; the campaign keeps its stored path
  const attach = async (picked: File | null) => {
    setFile(picked);
    setUploadError(null);
    if (!picked) return setDraft((d) => ({ ...d, media: null }));
    try {
      const uploaded = await messagesApi.upload(picked);
      setDraft((d) => ({ ...d, media: { path: uploaded.path, fileName: uploaded.fileName } }));
    } catch (failure) {
      setFile(null);
      setUploadError(errorMessage(failure, 'campaigns:wizard.failed'));
    }
  };

  useEffect(() => {
    if (!opened) return;
    setStep(0);
    setDraft(EMPTY);
    setFile(null);
    setProduct(null);
    setError(null);
    api.get<{ items: Label[] }>('/labels').then(
      (r) => setLabels(r.items),
      () => setLabels([]),
    );
    lookupsApi.salesUsers().then(setUsers, () => setUsers([]));
    // the schedule and the sending hours are read on the company's clock, not the computer's
    campaignsApi.settings().then(
      (s) => setClock({ timeZone: s.timeZone, sendingHours: s.sendingHours }),
      () => setClock(DEFAULT_CLOCK),
    );
  }, [opened]);

  const audience = (patch: Partial<CampaignAudience>) => setDraft((d) => ({ ...d, audience: { ...d.audience, ...patch } }));
  const first = preview?.sample[0];
  const startsAt = scheduledInstant(draft.schedule, clock);

  const save = async (start: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const created = await campaignsApi.create({
        name: draft.name,
        audience: draft.audience,
        message: draft.message,
        media: draft.media,
        whatsappTemplate: draft.whatsappTemplate,
        scheduledAt: startsAt ? startsAt.toISOString() : null,
      });
      if (start) await campaignsApi.start(created._id);
      onCreated(created._id);
    } catch (failure) {
      setError(errorMessage(failure, 'campaigns:wizard.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard.title')} size="lg">
      <Stepper active={step} onStepClick={setStep} size="sm">
        <Stepper.Step label={t('wizard.audience')}>
          <Stack mt="md">
            <TextInput label={t('wizard.name')} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <Group grow>
              <Select
                label={t('wizard.stage')}
                clearable
                placeholder={t('wizard.any')}
                data={CONTACT_STAGES.map((s) => ({ value: s, label: t(STAGE_KEYS[s]) }))}
                value={draft.audience.stage ?? null}
                onChange={(v) => audience({ stage: (v as CampaignAudience['stage']) ?? undefined })}
              />
              <Select
                label={t('wizard.pipelineStatus')}
                clearable
                placeholder={t('wizard.any')}
                data={PIPELINE_STATUSES.map((s) => ({ value: s, label: t(PIPELINE_STATUS_KEYS[s]) }))}
                value={draft.audience.pipeline_status ?? null}
                onChange={(v) => audience({ pipeline_status: (v as CampaignAudience['pipeline_status']) ?? undefined })}
              />
              <Select
                label={t('wizard.governorate')}
                clearable
                searchable
                placeholder={t('wizard.any')}
                data={EGYPT_GOVERNORATES.map((g) => ({ value: g.code, label: language === 'ar' ? g.ar : g.en }))}
                value={draft.audience.governorate ?? null}
                onChange={(v) => audience({ governorate: v ?? undefined })}
              />
            </Group>
            <Select
              label={t('wizard.assignee')}
              clearable
              searchable
              placeholder={t('wizard.any')}
              data={[{ value: 'unassigned', label: t('wizard.unassigned') }, ...users.map((u) => ({ value: u._id, label: u.name }))]}
              value={draft.audience.assignedTo ?? null}
              onChange={(v) => audience({ assignedTo: v ?? undefined })}
            />
            <ProductPicker
              label={t('wizard.product')}
              placeholder={t('wizard.any')}
              clearable
              value={product}
              onChange={(picked) => {
                setProduct(picked);
                audience({ productId: picked?._id });
              }}
            />
            <MultiSelect
              label={t('wizard.labels')}
              data={labels.map((l) => ({ value: l._id, label: l.name }))}
              value={draft.audience.labels ?? []}
              onChange={(ids) => audience({ labels: ids.length ? ids : undefined })}
            />
            {(draft.audience.labels?.length ?? 0) > 1 && (
              <Radio.Group label={t('wizard.labelMatch')} value={draft.audience.labelMatch} onChange={(v) => audience({ labelMatch: v as 'any' | 'all' })}>
                <Group mt="xs">
                  <Radio value="any" label={t('wizard.labelAny')} />
                  <Radio value="all" label={t('wizard.labelAll')} />
                </Group>
              </Radio.Group>
            )}
            <Group grow>
              <TextInput type="date" label={t('wizard.from')} value={draft.audience.from ?? ''} onChange={(e) => audience({ from: e.currentTarget.value || undefined })} />
              <TextInput type="date" label={t('wizard.to')} value={draft.audience.to ?? ''} onChange={(e) => audience({ to: e.currentTarget.value || undefined })} />
            </Group>
            {(draft.audience.from || draft.audience.to) && (
              <Text size="xs" c="dimmed">
                {t('wizard.daysHint', { zone: clock.timeZone })}
              </Text>
            )}
            <AudienceSummary preview={preview} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.message')}>
          <Stack mt="md">
            <Textarea label={t('wizard.text')} description={t('wizard.placeholders')} rows={4} value={draft.message} onChange={(e) => setDraft({ ...draft, message: e.currentTarget.value })} />
            <Alert color="gray" title={first ? t('wizard.preview', { name: contactLabel(first.name, first.phone) }) : undefined}>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{preview?.preview ?? t('wizard.noPreview')}</Text>
            </Alert>
            <FileInput label={t('wizard.file')} clearable value={file} onChange={(picked) => void attach(picked)} error={uploadError} />
            <CampaignTemplateField value={draft.whatsappTemplate} onChange={(whatsappTemplate) => setDraft((d) => ({ ...d, whatsappTemplate }))} />
            <CampaignScheduleField value={draft.schedule} onChange={(schedule) => setDraft((d) => ({ ...d, schedule }))} clock={clock} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.review')}>
          <Stack mt="md">
            <Text fw={600}>{draft.name}</Text>
            <AudienceSummary preview={preview} />
            {startsAt && <Text size="sm">{t('wizard.startsAt', { at: formatDateTime(startsAt.toISOString(), { timeZone: clock.timeZone }), zone: clock.timeZone })}</Text>}
            <Alert color="gray">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{preview?.preview ?? draft.message}</Text>
            </Alert>
            {error && <Alert color="red">{error}</Alert>}
            <Group>
              <Button variant="default" loading={saving} onClick={() => void save(false)} disabled={!draft.name.trim()}>
                {t('wizard.saveDraft')}
              </Button>
              <Button loading={saving} onClick={() => void save(true)} disabled={!draft.name.trim() || (!draft.message.trim() && !draft.media) || startsAt === undefined}>
                {draft.schedule.when === 'later' ? t('wizard.schedule') : t('wizard.start')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="lg">
        <Button variant="subtle" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
          {t('wizard.back')}
        </Button>
        {step < 2 && <Button onClick={() => setStep((s) => s + 1)}>{t('wizard.next')}</Button>}
      </Group>
    </Modal>
  );
}

function AudienceSummary({ preview }: { preview: AudiencePreview | null }) {
  const { t } = useTranslation('campaigns');
  if (!preview) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} aria-live="polite">
        {t('wizard.count', { count: preview.count, formattedCount: formatNumber(preview.count) })}
      </Text>
      {preview.sample.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('wizard.sample')}
          </Text>
          <List size="sm">
            {preview.sample.map((m) => (
              <List.Item key={m._id}>
                <Group gap={6}>
                  <span>{contactLabel(m.name, m.phone)}</span>
                  {m.optedOut && (
                    <Badge size="xs" color="yellow" variant="light">
                      {t('wizard.optedOut')}
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
