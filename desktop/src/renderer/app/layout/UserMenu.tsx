import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { ChevronDown, LogOut, User } from 'lucide-react';
import { Link } from 'react-router-dom';
import { initialOf } from '../../ui/initial';
import classes from './UserMenu.module.css';

interface UserMenuProps {
  name: string;
  email: string;
  /** Absent for the super administrator, whose area has no profile page. */
  profileTo?: string;
  onSignOut: () => void;
}

/** Spec: the user menu shows the initial, name and email, a Profile link and Sign out. */
export function UserMenu({ name, email, profileTo, onSignOut }: UserMenuProps) {
  return (
    <Menu>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label="User menu">
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
            Profile
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<LogOut size={16} aria-hidden />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
