import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

describe('Team Settings in Arabic', { timeout: 20_000 }, () => {
  it('shows the strategies and the saved message in Arabic', async () => {
    fakeCrmApi(arabicAdmin, {
      'GET /api/auth/tenant/settings': () => ok({ settings: { leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: true } }),
      'PUT /api/auth/tenant/settings': (r) => ok({ settings: r.body }),
    });
    const { user } = renderApp('/team/settings');
    await screen.findByRole('heading', { name: 'إعدادات الفريق', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('radio', { name: /يدوي/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /يمكن للمندوبين تحويل محادثاتهم/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /بالتناوب/ }));
    await user.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    expect(await screen.findByText('تم حفظ الإعدادات بنجاح!')).toBeInTheDocument();
  });
});
