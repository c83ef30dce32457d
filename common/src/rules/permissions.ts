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
  /**
   * Hand one's own chats to a colleague from the chat header, when the company allows it (its
   * setting `repsMayHandOver`). Admins hand any chat over with 'contacts.assign'.
   */
  'chats.hand-over-own': ['sales'],
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
  /** Link the company's WhatsApp (create its account, start the session, see the QR), log it out and delete the session. */
  'whatsapp.session.manage': ['admin'],
  /** Edit or delete any user's canned responses and follow-up templates, not only one's own. */
  'templates.manage-all': ['admin'],
  /** Define the company's labels (name, colour): add, rename, recolour, delete. Everyone puts them on contacts. */
  'labels.manage': ['admin'],
  /** Campaigns (one message to many contacts), Settings → Sending, and undoing a contact's opt-out. */
  'campaigns.manage': ['admin'],
  /** Settings of the cash-on-delivery confirmation (on/off, timing, message texts). */
  'order-confirmations.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a user of this role may do this. */
export function can(role: Role | undefined | null, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
