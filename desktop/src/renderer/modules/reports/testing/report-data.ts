/** A report as the server answers it, for the component tests (never imported by the app). */
export const rep = { _id: '0190a0b0-0000-7000-8000-0000000000a1', name: 'Mona Sales' };
export const reportData = {
  kpis: { leads: 120, sales: 12, salesAmount: 105_754.5, expenses: 1250.5, conversionRate: 10, avgDealSize: 8812.88 },
  pipeline: [
    { status: 'new', count: 5 },
    { status: 'won', count: 12 },
  ],
  monthlyRevenue: [
    { _id: { month: 12, year: 2025 }, revenue: 5000, deals: 2 },
    { _id: { month: 1, year: 2026 }, revenue: 100_754.5, deals: 10 },
  ],
  expensePerformance: [
    { category: 'Ads', totalAmount: 1000 },
    { category: null, totalAmount: 250.5 },
  ],
  salesTeam: [rep],
  lostReasons: [
    { reason: 'Too expensive', count: 3, amount: 4500.5 },
    { reason: '', count: 1, amount: 200 },
  ],
  stageDays: [
    { status: 'new', averageDays: 2.5, deals: 8 },
    { status: 'proposal', averageDays: 6, deals: 3 },
  ],
};
