import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from '../../kit/Drawer';

/** SPEC §2: below 959 px the menu collapses into this drawer (a modal panel: the page behind is inert). */
export default function MenuDrawer({
  width,
  onClose,
  children,
}: {
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      onClose={onClose}
      slotProps={{
        paper: { id: 'side-navigation', 'aria-label': t('nav.panel'), sx: { width, maxWidth: '85vw' } },
      }}
    >
      {children}
    </Drawer>
  );
}
