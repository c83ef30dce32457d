import { ActionIcon, AppShell, Burger, Group, ScrollArea, Tooltip } from '@mantine/core';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { layoutTokens } from '../theme';
import { Brand } from '../../ui/Brand';
import classes from './AppFrame.module.css';
import type { NavSection } from './nav-items';
import { SidebarNav } from './SidebarNav';
import { useLayoutStore } from './store';

interface AppFrameProps {
  sections: NavSection[];
  /** Shown under the logo (the super area's 'Super Admin'). */
  brandTagline?: string;
  /** Right-hand side of the header: theme toggle, bell, user menu. */
  headerEnd: ReactNode;
  /** Pinned to the bottom of the sidebar (the super area's logout). */
  navFooter?: (collapsed: boolean) => ReactNode;
}

/** The app's frame: header, collapsible sidebar and the routed page. */
export function AppFrame({ sections, brandTagline, headerEnd, navFooter }: AppFrameProps) {
  const { sidebarCollapsed, mobileNavOpen, toggleSidebar, toggleMobileNav, closeMobileNav } = useLayoutStore();
  const { t } = useTranslation('layout');
  const toggleLabel = sidebarCollapsed ? t('nav.expand') : t('nav.collapse');

  return (
    <AppShell
      header={{ height: layoutTokens.headerHeight }}
      navbar={{
        width: sidebarCollapsed ? layoutTokens.navbarCollapsedWidth : layoutTokens.navbarWidth,
        breakpoint: layoutTokens.navbarBreakpoint,
        collapsed: { mobile: !mobileNavOpen },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileNavOpen} onClick={toggleMobileNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Tooltip label={toggleLabel}>
              <ActionIcon onClick={toggleSidebar} aria-label={toggleLabel} aria-expanded={!sidebarCollapsed} visibleFrom="sm">
                {sidebarCollapsed ? <PanelLeftOpen size={20} className="mirror-rtl" aria-hidden /> : <PanelLeftClose size={20} className="mirror-rtl" aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Brand tagline={brandTagline} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerEnd}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.sidebar')}>
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
          <SidebarNav sections={sections} collapsed={sidebarCollapsed} onNavigate={closeMobileNav} />
        </AppShell.Section>
        {navFooter && <AppShell.Section className={classes.navFooter}>{navFooter(sidebarCollapsed)}</AppShell.Section>}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.content} style={{ maxInlineSize: layoutTokens.contentMaxWidth }}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
