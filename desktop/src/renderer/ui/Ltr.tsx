import type { ReactNode } from 'react';

/**
 * Left-to-right, isolated: phone numbers, SKUs, amounts, emails inside right-to-left text keep
 * their order ("+20 100 123 4567", not "4567 123 100 20+") and do not reorder the words around
 * them. `<bdi>` isolates; `dir="ltr"` fixes the inside direction. `nowrap` keeps it on one line
 * (amounts: a number never breaks in the middle).
 */
export function Ltr({ children, nowrap }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <bdi dir="ltr" className={nowrap ? 'nowrap' : undefined}>
      {children}
    </bdi>
  );
}
