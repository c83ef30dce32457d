import { useEffect, useState } from 'react';
import { useChatStore } from '../store';

/**
 * Whether the official API's 24-hour window with the contact is closed (false when the company
 * links WhatsApp by QR: no window). Turns true by itself at the moment it closes.
 */
export function useWindowClosed(contactId: string): boolean {
  const window = useChatStore((state) => state.conversations[contactId]?.replyWindow ?? null);
  const closesAt = window?.open && window.closesAt ? Date.parse(window.closesAt) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (closesAt === null) return;
    const wait = closesAt - Date.now();
    if (wait <= 0) return;
    // timers above ~24.8 days overflow; the window is at most 24 hours
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [closesAt]);
  if (!window) return false;
  if (!window.open) return true;
  return closesAt !== null && closesAt <= now;
}
