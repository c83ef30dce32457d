import { ActionIcon, Avatar, Badge, Card, Code, CopyButton, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import type { AuthUser } from '@crm/common';
import { Check, Copy, ShieldCheck, User } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { initialOf } from '../../ui/initial';
import { PageHeader } from '../../ui/PageHeader';
import { formatDate } from '../../lib/format';
import { Ltr } from '../../ui/Ltr';
import { LanguageSettings } from '../auth/components/LanguageSwitch';
import { useAuthStore } from '../auth/store';

const ROLE_KEYS = { admin: 'profile:roles.admin', sales: 'profile:roles.sales' } as const;

/** Spec "My Profile": avatar initial, name, email, role, joined date, user id; any failure → /login. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const refreshUser = useAuthStore((state) => state.refreshUser);
  const navigate = useNavigate();
  const [user, setUser] = useState<AuthUser | null>(null);

  useEffect(() => {
    let alive = true;
    refreshUser().then(
      (fresh) => alive && setUser(fresh),
      // The store has already cleared the session; the guard alone would do, but be explicit.
      () => alive && navigate('/login', { replace: true }),
    );
    return () => {
      alive = false;
    };
  }, [refreshUser, navigate]);

  if (!user) return <FullPageLoader label={t('loading')} inline />;

  const isAdmin = user.role === 'admin';
  const RoleIcon = isAdmin ? ShieldCheck : User;

  return (
    <>
      <PageHeader title={t('title')} />
      <Card maw={760}>
        <Stack gap="xl">
          <Group gap="lg" wrap="nowrap">
            <Avatar size={80} radius={80} color="brand" variant="filled" aria-hidden>
              <Text fz={34} fw={700} c="white">
                {initialOf(user.name, user.email)}
              </Text>
            </Avatar>
            <Stack gap={4} miw={0}>
              <Group gap="xs" wrap="nowrap">
                <Title order={2} size="h3" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                  {user.name}
                </Title>
                <Tooltip label={isAdmin ? t('administrator') : t('salesRole')}>
                  <ThemeIcon variant="light" color={isAdmin ? 'brand' : 'blue'} radius="xl" aria-label={isAdmin ? t('administrator') : t('salesRole')}>
                    <RoleIcon size={18} data-testid={isAdmin ? 'admin-icon' : 'user-icon'} />
                  </ThemeIcon>
                </Tooltip>
              </Group>
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <Ltr>{user.email}</Ltr>
              </Text>
            </Stack>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            <Field label={t('fields.name')}>{user.name}</Field>
            <Field label={t('fields.email')}>
              <Ltr>{user.email}</Ltr>
            </Field>
            <Field label={t('fields.role')}>
              <Badge color={isAdmin ? 'brand' : 'blue'} tt="capitalize">
                {t(ROLE_KEYS[user.role])}
              </Badge>
            </Field>
            <Field label={t('fields.joined')}>{formatDate(user.createdAt)}</Field>
            <Field label={t('fields.userId')}>
              <Group gap={4} wrap="nowrap">
                <Code style={{ overflowWrap: 'anywhere' }}>
                  <Ltr>{user._id}</Ltr>
                </Code>
                <CopyButton value={user._id}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('copied') : t('copyUserId')}>
                      <ActionIcon size="sm" onClick={copy} aria-label={t('copyUserId')}>
                        {copied ? <Check size={14} /> : <Copy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Field>
          </SimpleGrid>
        </Stack>
      </Card>
      <LanguageSettings />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}
