import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { LANGUAGES } from '@crm/common';
import { Check, ChevronDown, Languages, LogOut, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocaleStore } from '../../i18n';
import { useChooseLanguage } from '../../modules/auth/use-choose-language';
import { initialOf } from '../../ui/initial';
import classes from './UserMenu.module.css';

interface UserMenuProps {
  name: string;
  email: string;
  /** Absent for the super administrator, whose area has no profile page. */
  profileTo?: string;
  onSignOut: () => void;
}

/** The language names, each written in its own language. */
const LANGUAGE_KEYS = { en: 'common:language.en', ar: 'common:language.ar' } as const;

/** The user menu shows the initial, name and email, a Profile link and Sign out; plus the language. */
export function UserMenu({ name, email, profileTo, onSignOut }: UserMenuProps) {
  const { t } = useTranslation('layout');
  const language = useLocaleStore((state) => state.language);
  const choose = useChooseLanguage();
  return (
    <Menu>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={t('userMenu.label')}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {initialOf(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={180} truncate>
              {name}
            </Text>
            <ChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        </Box>
        <Menu.Divider />
        {profileTo && (
          <Menu.Item component={Link} to={profileTo} leftSection={<User size={16} aria-hidden />}>
            {t('userMenu.profile')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6} wrap="nowrap">
            <Languages size={14} aria-hidden />
            {t('common:language.label')}
          </Group>
        </Menu.Label>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            onClick={() => choose({ language: option })}
            aria-current={option === language ? 'true' : undefined}
            rightSection={option === language ? <Check size={14} aria-hidden /> : null}
          >
            {t(LANGUAGE_KEYS[option])}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<LogOut size={16} aria-hidden />} onClick={onSignOut}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
