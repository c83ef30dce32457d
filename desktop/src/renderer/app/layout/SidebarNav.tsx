import { Divider, NavLink, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('layout');
  return (
    <Stack gap="xs" component="nav" aria-label={t('nav.label')}>
      {sections.map((section, index) => (
        <Stack key={section.titleKey ?? `section-${index}`} gap={2} role="group" aria-label={section.titleKey ? t(section.titleKey) : t('nav.main')}>
          {section.titleKey &&
            (collapsed ? (
              <Divider my={6} />
            ) : (
              <Text className={classes.sectionTitle} size="xs" fw={700} c="dimmed" tt="uppercase">
                {t(section.titleKey)}
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
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  // The tooltip opens toward the content side, whichever way the language reads.
  const { dir } = useDirection();
  const active = matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
  const Icon = item.icon;
  const label = t(item.labelKey);
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={collapsed ? undefined : label}
      aria-label={collapsed ? label : undefined}
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
    <Tooltip label={label} position={dir === 'rtl' ? 'left' : 'right'}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
