import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FOLLOW_UP_TEXTS, followUpPreview, followUpTemplateLabel, type FollowUpTemplate, type FollowUpTemplateInput } from '@crm/common';
import { CircleAlert, Clock, Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { errorText } from '../../lib/api';
import { TemplateFormModal } from './components/TemplateFormModal';
import { formatDelay } from './format';
import { useFollowUpsStore } from './store';

/** spec/admin.md "Follow-up Templates": cards, a create/edit dialog, delete with confirmation. */
export function FollowUpTemplatesPage() {
  const { templates, status, error, loadTemplates, saveTemplate, deleteTemplate } = useFollowUpsStore();
  const [editing, setEditing] = useState<{ template: FollowUpTemplate | null } | null>(null);

  useEffect(() => {
    void loadTemplates({ force: true });
  }, [loadTemplates]);

  const save = async (input: FollowUpTemplateInput) => {
    await saveTemplate(editing?.template?._id ?? null, input);
    setEditing(null);
    notifications.show({ color: 'green', message: 'Template saved.' });
  };

  const confirmDelete = (template: FollowUpTemplate) =>
    modals.openConfirmModal({
      title: 'Delete template',
      children: (
        <Text size="sm">
          Delete “{template.name}”? This action cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteTemplate(template._id);
          notifications.show({ color: 'green', message: 'Template deleted.' });
        } catch (failure) {
          notifications.show({ color: 'red', title: 'Delete template', message: errorText(failure, FOLLOW_UP_TEXTS.deleteFailed) });
        }
      },
    });

  return (
    <>
      <PageHeader
        title="Follow-up Templates"
        subtitle="Automated message sequences to start from a chat. They stop by themselves when the contact replies."
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => setEditing({ template: null })}>
            New Template
          </Button>
        }
      />

      {status === 'loading' && templates.length === 0 && (
        <Group gap="sm" c="dimmed">
          <Loader size="sm" />
          <Text>Loading templates...</Text>
        </Group>
      )}

      {status === 'error' && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} mb="lg">
          <Group justify="space-between">
            <Text size="sm">{error ?? FOLLOW_UP_TEXTS.loadFailed}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<RotateCw size={14} aria-hidden />} onClick={() => void loadTemplates({ force: true })}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      {status === 'ready' && templates.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {FOLLOW_UP_TEXTS.empty}
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
  const label = followUpTemplateLabel(template.createdBy);
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-label={template.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Title>
          <Badge color={label === 'Team' ? 'brand' : 'gray'} variant="light">
            {label}
          </Badge>
        </Group>
        {template.createdBy && (
          <Text size="xs" c="dimmed">
            By {template.createdBy.name}
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
            <Button size="xs" variant="light" leftSection={<Pencil size={14} aria-hidden />} onClick={onEdit} aria-label={`Edit ${template.name}`}>
              Edit
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<Trash2 size={14} aria-hidden />} onClick={onDelete} aria-label={`Delete ${template.name}`}>
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
