import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@crm/common';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from './src/renderer/lib/storage-keys';
import { showSignInShell, type SignInShellRules } from './src/renderer/sign-in-shell/show-shell';

const RULES: SignInShellRules = {
  // only /login: at / the app first decides where to go (and the address must say /login when it shows)
  paths: ['/login'],
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  keys: { authToken: STORAGE_KEYS.authToken, language: STORAGE_KEYS.language, colorScheme: STORAGE_KEYS.colorScheme },
};

/** The one inline script of index.html; the server allows it by its hash (backend platform/http/renderer.ts). */
const signInShellScript = (): string => `(${showSignInShell.toString()})(window, ${JSON.stringify(RULES)});`;

/**
 * Draws the sign-in screen into the built index.html, in every language, as templates a tiny
 * inline script shows on a first visit (src/renderer/sign-in-shell/show-shell.ts): the form is
 * there to type in at the first paint instead of after the app's script has arrived and run.
 * `renderModule`: the Node build of render.server.tsx (vite.sign-in-shell.config.ts).
 */
export function signInShell({ renderModule }: { renderModule: string }): Plugin {
  return {
    name: 'crm-sign-in-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!existsSync(renderModule)) throw new Error(`The sign-in screen's Node build is missing (${renderModule}): run vite build --config vite.sign-in-shell.config.ts first`);
        const { renderSignIn } = (await import(pathToFileURL(renderModule).href)) as { renderSignIn: (language: Language) => Promise<string> };
        const templates: string[] = [];
        for (const language of LANGUAGES) templates.push(`<template id="sign-in-shell-${language}">${await renderSignIn(language)}</template>`);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('index.html has no <div id="root"></div> to put the sign-in screen before');
        return html.replace(root, `${templates.join('\n')}\n    <script>${signInShellScript()}</script>\n    ${root}`);
      },
    },
  };
}
