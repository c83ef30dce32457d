import type { UserPreferences } from '@crm/common';
import { useCallback } from 'react';
import { changePreferences, i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { useAuthStore } from './store';
import { showToast } from '../../lib/show-toast';

/**
 * Switch language or digits. Signed in as a company user, the choice is saved with the user (it
 * follows them to another machine); before sign-in, and for the super administrator, it is kept on
 * this machine only.
 */
export function useChooseLanguage(): (change: Partial<UserPreferences>) => void {
  const signedIn = useAuthStore((state) => state.status === 'authenticated');
  const updatePreferences = useAuthStore((state) => state.updatePreferences);
  return useCallback(
    (change) => {
      const failed = (error: unknown) => {
        showToast({ color: 'red', title: i18n.t('common:language.saveFailed'), message: errorMessage(error, 'common:unknownError') });
      };
      if (!signedIn) changePreferences(change).catch(failed);
      else updatePreferences(change).catch(failed);
    },
    [signedIn, updatePreferences],
  );
}
