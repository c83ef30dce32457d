import { NavLink, Tooltip, useDirection } from '@mantine/core';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSuperStore } from '../../modules/super/store';
import { AppFrame } from './AppFrame';
import { superNavItems } from './nav-items';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** The super administrator's frame: Dashboard, Companies, Users and a logout at the foot of the sidebar. */
export function SuperLayout() {
  const admin = useSuperStore((state) => state.admin);
  const logout = useSuperStore((state) => state.logout);
  const navigate = useNavigate();
  const { dir } = useDirection();
  const { t } = useTranslation('layout');

  const signOut = async () => {
    await logout();
    void navigate('/super/login', { replace: true });
  };

  return (
    <AppFrame
      sections={[{ items: superNavItems }]}
      brandTagline={t('superAdmin')}
      headerEnd={
        <>
          <ThemeToggle />
          <UserMenu name={admin?.name ?? t('superAdmin')} email={admin?.email ?? ''} onSignOut={() => void signOut()} />
        </>
      }
      navFooter={(collapsed) => {
        const button = (
          <NavLink
            component="button"
            label={collapsed ? undefined : t('logout')}
            aria-label={collapsed ? t('logout') : undefined}
            leftSection={<LogOut size={20} strokeWidth={1.8} aria-hidden />}
            color="red"
            onClick={() => void signOut()}
          />
        );
        return collapsed ? (
          <Tooltip label={t('logout')} position={dir === 'rtl' ? 'left' : 'right'}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      }}
    />
  );
}
