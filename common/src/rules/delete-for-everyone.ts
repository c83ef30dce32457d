/**
 * "Delete for everyone" is offered, and accepted, only while WhatsApp still allows
 * it: about two and a half days after the message was sent. One rule for the chat's menu (renderer)
 * and the server's check (messages.service.ts), so the menu never offers what the server refuses.
 */

/** WhatsApp refuses "delete for everyone" after about two and a half days. */
export const DELETE_FOR_EVERYONE_WINDOW_HOURS = 60;
export const DELETE_FOR_EVERYONE_WINDOW_MS = DELETE_FOR_EVERYONE_WINDOW_HOURS * 3_600_000;

/**
 * Whether a message sent at `sentAt` may still be deleted for everyone at `now`: up to and
 * including the window's last millisecond. An unreadable time is never within the window.
 */
export function isWithinDeleteForEveryoneWindow(sentAt: Date | string | number, now: Date | number): boolean {
  const sent = sentAt instanceof Date ? sentAt.getTime() : typeof sentAt === 'string' ? Date.parse(sentAt) : sentAt;
  const at = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(sent) || !Number.isFinite(at)) return false;
  return at - sent <= DELETE_FOR_EVERYONE_WINDOW_MS;
}
