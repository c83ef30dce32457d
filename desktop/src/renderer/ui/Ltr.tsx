import type { ReactNode } from 'react';

/**
 * Left-to-right, isolated: phone numbers, SKUs, amounts, emails inside right-to-left text keep
 * their order ("+20 100 123 4567", not "4567 123 100 20+") and do not reorder the words around
 * them. `<bdi>` isolates; `dir="ltr"` fixes the inside direction.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
