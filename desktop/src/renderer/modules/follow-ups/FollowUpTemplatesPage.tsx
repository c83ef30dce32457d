import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { followUpPreview, followUpTemplateLabel, type FollowUpTemplate, type FollowUpTemplateInput } from '@crm/common';
import { CircleAlert, Clock, Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../lib/error-message';
import { TemplateFormModal } from './components/TemplateFormModal';
import { formatDelay } from './format';
import { templateLabelText } from './rules';
import { useFollowUpsStore } from './store';

/** Follow-up Templates: cards, a create/edit dialog, delete with confirmation. */
export function FollowUpTemplatesPage() {
  const { t } = useTranslation('followups');
  const { templates, status, error, loadTemplates, saveTemplate, deleteTemplate } = useFollowUpsStore();
  const [editing, setEditing] = useState<{ template: FollowUpTemplate | null } | null>(null);

  useEffect(() => {
    void loadTemplates({ force: true });
  }, [loadTemplates]);

  const save = async (input: FollowUpTemplateInput) => {
    await saveTemplate(editing?.template?._id ?? null, input);
    setEditing(null);
    notifications.show({ color: 'green', message: t('saved') });
  };

  const confirmDelete = (template: FollowUpTemplate) =>
    modals.openConfirmModal({
      title: t('confirmDelete.title'),
      children: <Text size="sm">{t('confirmDelete.text', { name: template.name })}</Text>,
      labels: { confirm: t('confirmDelete.confirm'), cancel: t('confirmDelete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await deleteTemplate(template._id);
            notifications.show({ color: 'green', message: t('deleted') });
          } catch (failure) {
            notifications.show({ color: 'red', title: t('deleteFailedTitle'), message: errorMessage(failure, 'followups:rules.deleteFailed') });
          }
        })(),
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => setEditing({ template: null })}>
            {t('newTemplate')}
          </Button>
        }
      />

      {status === 'loading' && templates.length === 0 && (
        <Group gap="sm" c="dimmed">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      )}

      {status === 'error' && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} mb="lg">
          <Group justify="space-between">
            <Text size="sm">{error ?? t('rules.loadFailed')}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<RotateCw size={14} aria-hidden />} onClick={() => void loadTemplates({ force: true })}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}

      {status === 'ready' && templates.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('rules.empty')}
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {templates.map((template) => (
          <TemplateCard key={template._id} template={template} onEdit={() => setEditing({ template })} onDelete={() => confirmDelete(template)} />
        ))}
      </SimpleGrid>

      <TemplateFormModal opened={editing !== null} template={editing?.template ?? null} onClose={() => setEditing(null)} onSave={save} />
    </>
  );
}

function TemplateCard({ template, onEdit, onDelete }: { template: FollowUpTemplate; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('followups');
  const team = followUpTemplateLabel(template.createdBy) === 'Team';
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-label={template.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Title>
          <Badge color={team ? 'brand' : 'gray'} variant="light">
            {templateLabelText(template.createdBy)}
          </Badge>
        </Group>
        {template.createdBy && (
          <Text size="xs" c="dimmed">
            {t('card.by', { name: template.createdBy.name })}
          </Text>
        )}
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0, flex: 1 }}>
          {template.messages.map((step, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-start" component="li">
              <Badge variant="outline" color="gray" leftSection={<Clock size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                {formatDelay(step.delay)}
              </Badge>
              <Text size="sm" dir="auto" data-testid="step-preview" style={{ overflowWrap: 'anywhere' }}>
                {followUpPreview(step.message)}
              </Text>
            </Group>
          ))}
        </Stack>
        {template.canEdit && (
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="light" leftSection={<Pencil size={14} aria-hidden />} onClick={onEdit} aria-label={t('card.editLabel', { name: template.name })}>
              {t('card.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<Trash2 size={14} aria-hidden />} onClick={onDelete} aria-label={t('card.deleteLabel', { name: template.name })}>
              {t('card.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
