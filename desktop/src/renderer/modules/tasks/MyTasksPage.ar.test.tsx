import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';
import { comment, makeTask, taskList } from './testing';

const arabicRep = { ...salesUser, language: 'ar' as const, arabicDigits: false };
const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const call = makeTask({ title: 'اتصل بأحمد', description: null, comments: [comment('أحضر الفواتير', 'أميرة')] });
const done = makeTask({ title: 'زيارة المخزن', status: 'completed', description: null, dueDate: null });

async function openMyTasksInArabic(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(arabicRep, { 'GET /api/tasks/my': () => taskList([call, done]), ...handlers });
  const view = renderApp('/my-tasks');
  await screen.findByRole('heading', { name: 'مهامي', level: 1 });
  return { ...view, ...api };
}

/** My Tasks and Team Tasks in Arabic, right to left. */
describe('Tasks in Arabic', { timeout: 20_000 }, () => {
  it('shows the pending and completed lists, the status badges and the comments in Arabic', async () => {
    await openMyTasksInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const pending = await screen.findByRole('region', { name: 'المهام المعلقة' });
    const card = within(pending).getByRole('article', { name: 'اتصل بأحمد' });
    expect(card).toHaveTextContent('معلقة');
    expect(card).toHaveTextContent('أحضر الفواتير');
    expect(within(card).getByRole('button', { name: 'تحديث حالة اتصل بأحمد' })).toHaveTextContent('تحديث الحالة');
    const completed = screen.getByRole('region', { name: 'المهام المكتملة' });
    expect(within(completed).getByRole('article', { name: 'زيارة المخزن' })).toHaveTextContent('بدون تاريخ استحقاق');
  });

  it('requires a title in Arabic and words a refused due date by its code', async () => {
    const { user, to } = await openMyTasksInArabic({
      'POST /api/tasks/my': () => json(400, { ok: false, error: 'The due date cannot be earlier than today.', code: 'task.due_date_past', field: 'dueDate' }),
    });
    await user.click(screen.getByRole('button', { name: 'مهمة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء مهمة' });
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء' }));
    expect(await within(dialog).findByText('العنوان مطلوب.')).toBeInTheDocument();
    expect(to('POST', '/api/tasks/my')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /العنوان/ }), 'متأخرة');
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء' }));
    expect(await screen.findByText('فشل إنشاء المهمة')).toBeInTheDocument();
    expect(screen.getByText('لا يمكن أن يكون تاريخ الاستحقاق قبل اليوم.')).toBeInTheDocument();
  });

  it('toasts the update in Arabic', async () => {
    const { user } = await openMyTasksInArabic({ [`PATCH /api/tasks/${call._id}`]: () => ok({ ...call, status: 'completed' }) });
    await user.click(await screen.findByRole('button', { name: 'تحديث حالة اتصل بأحمد' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'تحديث المهمة' })).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم تحديث المهمة بنجاح!')).toBeInTheDocument();
  });

  it('shows the Team Tasks heads and empty text in Arabic', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/tasks': () => taskList([]), 'GET /api/auth/users': () => ok([]) });
    renderApp('/team/tasks');
    await screen.findByRole('heading', { name: 'مهام الفريق', level: 1 });
    expect(await screen.findByText('لا توجد مهام.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'مهام الفريق' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['العنوان', 'مُسندة إلى', 'تاريخ الاستحقاق', 'الحالة', 'أنشأها', 'الإجراءات']);
  });
});
