import type { Role } from '../constants.js';

/**
 * The one permission table (role → what it may do). The server's guards, the renderer's route
 * guards and its sidebar all read it, so a role rule is written here and nowhere else.
 * Row-level ownership (a rep's own contacts, templates, tasks) is checked by the services on top.
 */
export const PERMISSIONS = {
  /** Dashboard, messenger, leads, customers, pipeline, contact profiles: every company user. */
  'crm.work': ['admin', 'sales'],
  /** See and work every contact and conversation of the company, not only one's own. */
  'contacts.all': ['admin'],
  /** Be handed leads (manual assignment and the round-robin distribution). */
  'leads.receive': ['sales'],
  /** Delete a contact. */
  'contacts.delete': ['admin'],
  /** Hand leads to a sales user (assign, reassign, bulk assign). */
  'contacts.assign': ['admin'],
  /** Read the catalogue (the deal editor needs products and shipping companies). */
  'catalogue.read': ['admin', 'sales'],
  /** The Products screen and product writes. */
  'products.manage': ['admin'],
  /** The Shipping screen and shipping company writes. */
  'shipping.manage': ['admin'],
  /** The Expenses screen and its API. */
  'expenses.manage': ['admin'],
  /** Detailed reports, team performance and the report export. */
  'reports.view': ['admin'],
  /** Team users, team tasks, team settings (lead distribution). */
  'team.manage': ['admin'],
  /** My Tasks: the sidebar's 'My Space' is for sales users. */
  'tasks.mine': ['sales'],
  /** Start, log out and delete the company's WhatsApp session. */
  'whatsapp.session.manage': ['admin'],
  /** Edit or delete any user's canned responses and follow-up templates, not only one's own. */
  'templates.manage-all': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a user of this role may do this. */
export function can(role: Role | undefined | null, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
