import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { wizardServer } from './testing';

describe('the campaign wizard in Arabic', { timeout: 30_000 }, () => {
  it("picks the product bought and schedules on the company's clock, right to left", async () => {
    const { to, abaya } = wizardServer('ar');
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'حملة جديدة' }));
    const wizard = await screen.findByRole('dialog');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(within(wizard).getByRole('textbox', { name: 'اسم الحملة' }), 'مشترو العباءات');

    await user.click(within(wizard).getByRole('combobox', { name: 'المنتج المشترى' }));
    await user.click(await screen.findByRole('option', { name: /Black abaya/ }));
    await waitFor(() => expect(to('POST', '/api/campaigns/audience').at(-1)!.body).toMatchObject({ audience: { productId: abaya._id } }));
    await user.click(within(wizard).getByRole('combobox', { name: 'المسؤول' }));
    await user.click(await screen.findByRole('option', { name: 'غير مُسند لأحد' }));
    await waitFor(() => expect(to('POST', '/api/campaigns/audience').at(-1)!.body).toMatchObject({ audience: { productId: abaya._id, assignedTo: 'unassigned' } }));

    await user.click(within(wizard).getByRole('button', { name: 'التالي' }));
    await user.type(within(wizard).getByRole('textbox', { name: 'نص الرسالة' }), 'وصلت العباءات الجديدة');
    expect(within(wizard).getByTestId('campaign-hours')).toHaveTextContent('تُرسل الرسائل فقط بين 10:00 و20:00 بتوقيت الشركة (Asia/Dubai)');
    await user.click(within(wizard).getByRole('radio', { name: 'في وقت محدد' }));
    expect(within(wizard).getByTestId('campaign-hours')).toHaveTextContent('التاريخ والوقت حسب المنطقة الزمنية للشركة (Asia/Dubai).');
    await user.type(within(wizard).getByRole('textbox', { name: 'التاريخ' }), '2027-01-15');
    await user.type(within(wizard).getByLabelText('الوقت'), '21:00');
    expect(await within(wizard).findByText('هذا الوقت خارج ساعات الإرسال: تخرج أول الرسائل في 10:00.')).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'التالي' }));
    await user.click(within(wizard).getByRole('button', { name: 'جدولة الحملة' }));
    await waitFor(() => expect(to('POST', '/api/campaigns')).toHaveLength(1));
    // 21:00 in Dubai is 17:00 UTC
    expect(to('POST', '/api/campaigns')[0]!.body).toMatchObject({ audience: { productId: abaya._id, assignedTo: 'unassigned' }, scheduledAt: '2027-01-15T17:00:00.000Z' });
  });
});
