import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeApi, healthHandler, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

/**
 * My Profile in Arabic, right to left, with the email kept left to right. The redirect
 * when the current-user call fails runs in both languages in ProfilePage.test.tsx.
 */
describe('My Profile in Arabic', () => {
  it('shows the Arabic heading, field labels and role', async () => {
    localStorage.setItem('token', 'token');
    fakeApi({ 'GET /api/auth/me': () => ok(arabicAdmin), 'GET /api/health': healthHandler(false) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'ملفي الشخصي', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('heading', { name: 'Amira Admin' })).toBeInTheDocument();
    for (const label of ['الاسم', 'البريد الإلكتروني', 'الدور', 'تاريخ الانضمام', 'معرّف المستخدم']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('مسؤول', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نسخ معرّف المستخدم' })).toBeInTheDocument();
    expect(screen.getAllByText('admin@demo.test')[0].closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
