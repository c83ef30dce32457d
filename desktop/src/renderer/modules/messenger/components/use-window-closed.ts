import { msUntilNextMinute, windowRemaining, type WindowRemaining } from '@crm/common';
import { useEffect, useState } from 'react';
import { useChatStore } from '../store';

/**
 * The official API's 24-hour window with the contact as the composer shows it: null when the
 * company links WhatsApp by QR (no window); otherwise closed, or the hours and minutes left. It
 * re-reads the clock each time the minutes left change, so the countdown moves every minute and
 * the window closes by itself at its end (no reload).
 */
export function useReplyWindow(contactId: string): WindowRemaining | null {
  const window = useChatStore((state) => state.conversations[contactId]?.replyWindow ?? null);
  const closesAt = window?.open && window.closesAt ? Date.parse(window.closesAt) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (closesAt === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (closesAt - at > 0) timer = setTimeout(tick, msUntilNextMinute(closesAt, at) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [closesAt]);
  if (!window) return null;
  if (!window.open || closesAt === null) return { closed: true };
  return windowRemaining(closesAt, now);
}

/** Whether the window is closed (false on a QR company: no window). */
export function useWindowClosed(contactId: string): boolean {
  return useReplyWindow(contactId)?.closed ?? false;
}
