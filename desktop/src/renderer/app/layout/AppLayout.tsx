import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '../../modules/auth/store';
import { useRealtimeSession } from '../../modules/realtime/use-realtime-session';
import { AppFrame } from './AppFrame';
import { navSectionsFor } from './nav-items';
import { NotificationsBell } from './NotificationsBell';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/** The signed-in company user's frame. Rendered only behind RequireAuth, so `user` is set. */
export function AppLayout() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  // Spec: the realtime connection lives while a user is logged in and closes when leaving.
  useRealtimeSession();

  if (!user) return null;

  const signOut = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <AppFrame
      sections={navSectionsFor(user.role)}
      headerEnd={
        <>
          <ThemeToggle />
          <NotificationsBell />
          <UserMenu name={user.name} email={user.email} profileTo="/profile" onSignOut={() => void signOut()} />
        </>
      }
    />
  );
}
