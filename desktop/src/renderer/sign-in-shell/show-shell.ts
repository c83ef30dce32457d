/**
 * What index.html runs before anything else (inlined at build time, its hash allowed by the
 * server's Content-Security-Policy): on a first visit to the sign-in screen it shows the screen
 * React drew at build time (the templates sign-in-shell/render.server.tsx made), so the form is
 * there to type in with the page's first paint, while the app's script is still on its way. The
 * app then takes over what was typed (take-over.ts).
 *
 * It is serialised with Function.prototype.toString: it may use only its parameters and the
 * page's globals, nothing imported.
 */
export interface SignInShellRules {
  /** Paths where a visitor with no session meets the sign-in screen. */
  paths: string[];
  languages: readonly string[];
  defaultLanguage: string;
  /** localStorage keys: the session token, the chosen language and colour scheme. */
  keys: { authToken: string; language: string; colorScheme: string };
}

export function showSignInShell(win: Window, rules: SignInShellRules): void {
  const doc = win.document;
  try {
    // the desktop app has its own start (server address, the token in the OS keychain)
    if ((win as { desktop?: unknown }).desktop || !rules.paths.includes(win.location.pathname)) return;
    const storage = win.localStorage;
    if (storage.getItem(rules.keys.authToken) !== null) return;
    // as the app chooses (i18n/locale.ts initialPreferences): saved, else the system's, else the default
    const saved = storage.getItem(rules.keys.language) ?? '';
    const system = (win.navigator.language || '').slice(0, 2).toLowerCase();
    const language = rules.languages.includes(saved) ? saved : rules.languages.includes(system) ? system : rules.defaultLanguage;
    const template = doc.getElementById(`sign-in-shell-${language}`) as HTMLTemplateElement | null;
    if (!template) return;
    const scheme = storage.getItem(rules.keys.colorScheme);
    const dark = scheme === 'dark' || (scheme === 'auto' && win.matchMedia('(prefers-color-scheme: dark)').matches);
    const html = doc.documentElement;
    html.lang = language;
    html.dir = language === 'ar' ? 'rtl' : 'ltr';
    html.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
    const shell = doc.createElement('div');
    shell.id = 'sign-in-shell';
    shell.appendChild(template.content.cloneNode(true));
    // a Sign In pressed before the app is here is kept, and the app signs in as it takes over
    shell.addEventListener('submit', (event) => {
      event.preventDefault();
      shell.setAttribute('data-submit-requested', 'true');
    });
    // so is a language chosen early (the switch is a radio group)
    shell.addEventListener('change', (event) => {
      const target = event.target as HTMLInputElement | null;
      if (!target || target.type !== 'radio' || !rules.languages.includes(target.value)) return;
      shell.setAttribute('data-language', target.value);
      // the switch's highlight follows the choice: Mantine marks the chosen item, and its script is not here yet
      shell.querySelectorAll<HTMLInputElement>('input[type=radio]').forEach((radio) => {
        if (radio.name !== target.name) return;
        radio.parentElement?.toggleAttribute('data-active', radio.checked);
        radio.labels?.forEach((label) => label.toggleAttribute('data-active', radio.checked));
      });
    });
    template.after(shell);
  } catch {
    // storage refused (private mode): the app draws the screen itself, as without the shell
  }
}
