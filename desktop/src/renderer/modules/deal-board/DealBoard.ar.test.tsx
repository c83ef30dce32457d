import { screen } from '@testing-library/react';
import { PIPELINE_STATUSES, type DealBoard } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const board: DealBoard = {
  columns: PIPELINE_STATUSES.map((status) => ({
    status,
    count: status === 'won' ? 1 : 0,
    amount: status === 'won' ? 2500 : 0,
    page: 1,
    hasMore: false,
    items:
      status === 'won'
        ? [{ _id: testId(), name: 'هبة منصور', phone: '+201001234567', status, amount: 2500, products: [], assignedTo: null, createdAt: '', enteredStatusAt: '', daysInStatus: 2, stale: true }]
        : [],
  })),
};

describe('the deal board in Arabic', { timeout: 15_000 }, () => {
  it('runs right to left with Arabic heads, cards and drag instructions', async () => {
    localStorage.setItem(`crm-sales-view:${adminUser._id}`, 'board');
    fakeCrmApi(arabicAdmin, { 'GET /api/deals/board': () => ok(board), 'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }) });
    renderApp('/sales');
    await screen.findByRole('heading', { name: 'مسار المبيعات', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const card = await screen.findByRole('button', { name: 'هبة منصور' });
    expect(card).toHaveTextContent('2 يوم في هذه المرحلة');
    expect(card).toHaveTextContent('متأخرة');
    expect(card).toHaveTextContent('غير مُسندة');
    expect(screen.getByRole('radio', { name: 'لوحة' })).toBeChecked();
    expect(screen.getByText(/لالتقاط صفقة اضغط المسافة/)).toBeInTheDocument();
  });
});
