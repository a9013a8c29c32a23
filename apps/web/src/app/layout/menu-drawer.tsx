import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

/** SPEC §2: below 959 px the menu collapses into this drawer (focus is kept inside while it is open). */
export default function MenuDrawer({
  width,
  onClose,
  children,
}: {
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open
      onClose={onClose}
      slotProps={{ paper: { id: 'side-navigation', sx: { width, maxWidth: '85vw' } } }}
    >
      {children}
    </Drawer>
  );
}
