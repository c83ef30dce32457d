import { Alert, Button, Card, Grid, Group, Loader, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { CannedResponse } from '@crm/common';
import { CircleAlert, MessageSquareText, Pencil, Plus, Save, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { QuickReplyBlanks } from './QuickReplyBlanks';
import { useCannedResponsesStore, validateCannedResponse } from './store';

/** Canned Responses manager: one form for add or edit, and the responses as cards with Edit and Delete. */
export function CannedResponsesPage() {
  const { t } = useTranslation('canned');
  const { items, status, error, load, save, remove } = useCannedResponsesStore();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<CannedResponse | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    void load({ force: true });
  }, [load]);

  const reset = () => {
    setTitle('');
    setText('');
    setEditing(null);
    setFormError(null);
  };

  const startEdit = (response: CannedResponse) => {
    setEditing(response);
    setTitle(response.title);
    setText(response.text);
    setFormError(null);
    titleInput.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = validateCannedResponse({ title, text });
    if (typeof input === 'string') {
      setFormError(input);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await save(input, editing?._id);
      notifications.show({ color: 'green', message: t('saved') });
      reset();
    } catch (failure) {
      setFormError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  /** A blank goes where the cursor is in the text (at the end when the text was never focused). */
  const insertBlank = (blank: string) => {
    const el = textInput.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + blank + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + blank.length, start + blank.length);
    });
  };

  const confirmDelete = (response: CannedResponse) =>
    modals.openConfirmModal({
      title: t('confirmDelete.title'),
      children: (
        <Text size="sm">
          {t('confirmDelete.text')} <strong>{response.title}</strong>
        </Text>
      ),
      labels: { confirm: t('confirmDelete.confirm'), cancel: t('confirmDelete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          try {
            await remove(response._id);
            if (editing?._id === response._id) reset();
            notifications.show({ color: 'green', message: t('deleted') });
          } catch (failure) {
            notifications.show({ color: 'red', title: t('deleteFailedTitle'), message: (failure as Error).message });
          }
        })(),
    });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? t('form.editLabel') : t('form.addLabel')}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {editing ? t('form.editHeading') : t('form.addHeading')}
              </Title>
              {formError && (
                <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
                  {formError}
                </Alert>
              )}
              <TextInput ref={titleInput} label={t('form.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} dir="auto" />
              <Textarea ref={textInput} label={t('form.text')} value={text} onChange={(e) => setText(e.currentTarget.value)} rows={6} resize="vertical" maxLength={4096} dir="auto" />
              <QuickReplyBlanks onInsert={insertBlank} />
              <Group justify="flex-end" gap="sm">
                {editing && (
                  <Button variant="default" leftSection={<X size={16} aria-hidden />} onClick={reset}>
                    {t('form.cancel')}
                  </Button>
                )}
                <Button type="submit" loading={saving} leftSection={editing ? <Save size={16} aria-hidden /> : <Plus size={16} aria-hidden />}>
                  {editing ? t('form.update') : t('form.add')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {status === 'loading' && items.length === 0 && (
            <Group gap="sm" c="dimmed">
              <Loader size="sm" />
              <Text size="sm">{t('loading')}</Text>
            </Group>
          )}
          {status === 'error' && (
            <Alert color="red" variant="light" icon={<CircleAlert size={18} />}>
              {error}
            </Alert>
          )}
          {status === 'ready' && items.length === 0 && (
            <Card>
              <Stack align="center" gap="xs" py="lg">
                <MessageSquareText size={32} aria-hidden />
                <Text c="dimmed">{t('empty')}</Text>
              </Stack>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('listLabel')}>
            {items.map((response) => (
              <Card key={response._id} component="li" padding="md" aria-label={response.title}>
                <Stack gap="xs" h="100%">
                  <Title order={3} size="h5" dir="auto">
                    {response.title}
                  </Title>
                  <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flexGrow: 1 }}>
                    {response.text}
                  </Text>
                  {response.canEdit && (
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="light" leftSection={<Pencil size={14} aria-hidden />} onClick={() => startEdit(response)} aria-label={t('editLabel', { title: response.title })}>
                        {t('edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<Trash2 size={14} aria-hidden />}
                        onClick={() => confirmDelete(response)}
                        aria-label={t('deleteLabel', { title: response.title })}
                      >
                        {t('delete')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </>
  );
}
