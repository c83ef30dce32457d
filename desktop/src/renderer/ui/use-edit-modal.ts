import { useCallback, useState } from 'react';

/**
 * The add/edit modal of a list screen: which row it edits (null to add) and whether it is open.
 * The row stays set while the modal closes, so its title and fields do not change during the fade.
 */
export function useEditModal<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((item: T | null) => {
    setEditing(item);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { editing, opened, open, close };
}
