import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, PERMISSIONS } from './permissions.js';

describe('permission table', () => {
  it('lets admins manage the shop and the team, and sales work the CRM', () => {
    expect(can('admin', 'expenses.manage')).toBe(true);
    expect(can('sales', 'expenses.manage')).toBe(false);
    expect(can('sales', 'crm.work')).toBe(true);
    expect(can('sales', 'catalogue.read')).toBe(true);
    expect(can('sales', 'products.manage')).toBe(false);
    expect(can('sales', 'tasks.mine')).toBe(true);
    expect(can('admin', 'tasks.mine')).toBe(false);
  });

  it('refuses everything to nobody', () => {
    for (const p of PERMISSION_NAMES) expect(can(undefined, p)).toBe(false);
  });

  it('names only known roles', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const r of roles) expect(['admin', 'sales']).toContain(r);
  });
});
