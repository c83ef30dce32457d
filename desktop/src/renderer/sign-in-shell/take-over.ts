/**
 * The app's side of the sign-in shell (show-shell.ts): what the visitor typed into the screen
 * drawn before the app arrived, read as the app draws its own sign-in form in the same frame.
 */
export interface SignInShellInput {
  email: string;
  password: string;
  /** The field the caret was in, so typing goes on where it was. */
  focus: 'email' | 'password' | null;
  /** The password field's selection (an e-mail field has none to read). */
  passwordSelection: [number, number] | null;
  /** Sign In was pressed before the app was here. */
  submit: boolean;
  /** A language chosen on the early screen's switch, else null. */
  language: string | null;
}

const shellElement = (): HTMLElement | null => (typeof document === 'undefined' ? null : document.getElementById('sign-in-shell'));

/** Null when the page opened without the shell (a return visit, the desktop app, a test). */
export function readSignInShell(): SignInShellInput | null {
  const shell = shellElement();
  if (!shell) return null;
  const email = shell.querySelector<HTMLInputElement>('input[type=email]');
  const password = shell.querySelector<HTMLInputElement>('input[autocomplete=current-password]');
  const active = document.activeElement;
  const focus = email && active === email ? 'email' : password && active === password ? 'password' : null;
  return {
    email: email?.value ?? '',
    password: password?.value ?? '',
    focus,
    passwordSelection: focus === 'password' && password ? [password.selectionStart ?? 0, password.selectionEnd ?? 0] : null,
    submit: shell.getAttribute('data-submit-requested') === 'true',
    language: shell.getAttribute('data-language'),
  };
}

/** The app's own screen is drawn: the shell goes in the same frame. */
export function removeSignInShell(): void {
  shellElement()?.remove();
}
