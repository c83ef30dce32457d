import { afterEach, describe, expect, it } from 'vitest';
import { showSignInShell, type SignInShellRules } from './show-shell';

const RULES: SignInShellRules = {
  paths: ['/login'],
  languages: ['en', 'ar'],
  defaultLanguage: 'en',
  keys: { authToken: 'token', language: 'crm-language', colorScheme: 'crm-color-scheme' },
};

/** index.html as the build writes it: a template per language before #root. */
function page(path = '/login'): void {
  window.history.replaceState(null, '', path);
  document.body.innerHTML =
    ['en', 'ar'].map((language) => `<template id="sign-in-shell-${language}"><form><label>${language}</label><input type="email"></form></template>`).join('') + '<div id="root"></div>';
}
const shown = () => document.getElementById('sign-in-shell')?.querySelector('label')?.textContent ?? null;

afterEach(() => {
  localStorage.clear();
  delete (window as { desktop?: unknown }).desktop;
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the sign-in screen before the app (index.html)', () => {
  it('shows the language chosen on this machine before, right to left for Arabic', () => {
    page();
    localStorage.setItem('crm-language', 'ar');
    showSignInShell(window, RULES);
    expect(shown()).toBe('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(document.getElementById('sign-in-shell')?.previousElementSibling?.id).toBe('sign-in-shell-ar');
  });

  it("else the system's language when it is one of ours, else the default", () => {
    page();
    showSignInShell(window, RULES);
    // jsdom's navigator.language is en-US
    expect(shown()).toBe('en');
    page();
    localStorage.setItem('crm-language', 'fr');
    showSignInShell(window, { ...RULES, defaultLanguage: 'ar', languages: ['ar', 'de'] });
    expect(shown()).toBe('ar');
  });

  it('keeps a Sign In pressed early for the app, without sending the form anywhere', () => {
    page();
    showSignInShell(window, RULES);
    const form = document.querySelector('#sign-in-shell form') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.getElementById('sign-in-shell')?.getAttribute('data-submit-requested')).toBe('true');
  });

  it('keeps a language chosen early on the switch for the app', () => {
    page();
    showSignInShell(window, RULES);
    const form = document.querySelector('#sign-in-shell form') as HTMLFormElement;
    form.insertAdjacentHTML('beforeend', '<input type="radio" name="language" value="ar"><input type="radio" name="language" value="xx">');
    const [arabic, unknown] = form.querySelectorAll<HTMLInputElement>('input[type=radio]');
    arabic.click();
    expect(document.getElementById('sign-in-shell')?.getAttribute('data-language')).toBe('ar');
    unknown.click();
    expect(document.getElementById('sign-in-shell')?.getAttribute('data-language')).toBe('ar');
  });

  it("moves the switch's highlight to the language chosen early, as Mantine marks it", () => {
    page();
    showSignInShell(window, RULES);
    const form = document.querySelector('#sign-in-shell form') as HTMLFormElement;
    // the markup Mantine's SegmentedControl renders: the chosen item and its label carry data-active
    form.insertAdjacentHTML(
      'beforeend',
      ['en', 'ar']
        .map(
          (l) =>
            `<div data-item="${l}" ${l === 'en' ? 'data-active="true"' : ''}><input type="radio" id="sw-${l}" name="sw" value="${l}" ${l === 'en' ? 'checked' : ''}><label for="sw-${l}" ${l === 'en' ? 'data-active="true"' : ''}>${l}</label></div>`,
        )
        .join(''),
    );
    const active = () => [...form.querySelectorAll('[data-active]')].map((el) => `${el.tagName.toLowerCase()}:${el.getAttribute('data-item') ?? el.getAttribute('for')}`);
    expect(active()).toEqual(['div:en', 'label:sw-en']);
    (form.querySelector('#sw-ar') as HTMLInputElement).click();
    expect(active()).toEqual(['div:ar', 'label:sw-ar']);
    (form.querySelector('#sw-en') as HTMLInputElement).click();
    expect(active()).toEqual(['div:en', 'label:sw-en']);
  });

  it('is not shown with a stored session, on other paths, or in the desktop app', () => {
    page();
    localStorage.setItem('token', 'stored');
    showSignInShell(window, RULES);
    expect(shown()).toBeNull();
    localStorage.clear();
    for (const path of ['/', '/leads']) {
      page(path);
      showSignInShell(window, RULES);
      expect(shown()).toBeNull();
    }
    page();
    (window as { desktop?: unknown }).desktop = {};
    showSignInShell(window, RULES);
    expect(shown()).toBeNull();
  });
});
