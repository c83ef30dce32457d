/** The demo's known accounts: created only in demo mode, printed at start-up and listed in README.md. */
export const DEMO_TENANT = { name: 'Demo Trading Co.', slug: 'demo' } as const;
export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_USERS = [
  { name: 'Demo Admin', email: 'admin@demo.test', role: 'admin' },
  { name: 'Sara Sales', email: 'sales1@demo.test', role: 'sales' },
  { name: 'Omar Sales', email: 'sales2@demo.test', role: 'sales' },
] as const;
export const DEMO_SUPER = { name: 'Platform Owner', email: 'super@demo.test', password: 'Super@12345' } as const;
