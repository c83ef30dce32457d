import { Divider, NavLink, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router-dom';
import type { NavItem, NavSection } from './nav-items';
import classes from './SidebarNav.module.css';

interface SidebarNavProps {
  sections: NavSection[];
  /** Icons only, labels in tooltips and accessible names. */
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar's link list; the same component serves the company and the super area. */
export function SidebarNav({ sections, collapsed, onNavigate }: SidebarNavProps) {
  return (
    <Stack gap="xs" component="nav" aria-label="Main navigation">
      {sections.map((section, index) => (
        <Stack key={section.title ?? `section-${index}`} gap={2} role="group" aria-label={section.title ?? 'Main'}>
          {section.title &&
            (collapsed ? (
              <Divider my={6} />
            ) : (
              <Text className={classes.sectionTitle} size="xs" fw={700} c="dimmed" tt="uppercase">
                {section.title}
              </Text>
            ))}
          {section.items.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function SidebarLink({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The tooltip opens toward the content side, whichever way the language reads.
  const { dir } = useDirection();
  const active = matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
  const Icon = item.icon;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? item.label : undefined}
      aria-current={active ? 'page' : undefined}
      leftSection={<Icon size={20} strokeWidth={1.8} aria-hidden />}
      active={active}
      variant="light"
      className={classes.link}
      data-collapsed={collapsed || undefined}
      onClick={onNavigate}
    />
  );
  return collapsed ? (
    <Tooltip label={item.label} position={dir === 'rtl' ? 'left' : 'right'}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
