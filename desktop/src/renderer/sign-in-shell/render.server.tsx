import './server-globals';
import type { Language } from '@crm/common';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { changePreferences } from '../i18n';
import { LoginPage } from '../modules/auth/LoginPage';

/**
 * The sign-in screen's markup in one language, as the app draws it on a first visit: rendered in
 * Node at build time (vite.sign-in-shell.config.ts) into index.html's templates (show-shell.ts).
 * The app's dialogs and toasts are lazy and render nothing here; React marks such a boundary with
 * a comment and a template explaining it, which are dropped.
 */
export async function renderSignIn(language: Language): Promise<string> {
  await changePreferences({ language, arabicDigits: false });
  const markup = renderToStaticMarkup(
    <AppProviders>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return markup.replace(/<!--\$!-->[\s\S]*?<!--\/\$-->/g, '');
}
