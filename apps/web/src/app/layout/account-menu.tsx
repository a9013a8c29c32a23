import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import IconButton from '../../kit/IconButton';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useViewer } from '../../lib/viewer';
import { useSignOut } from '../use-sign-out';

const AccountMenuList = lazy(() =>
  import('./popup-menus').then((module) => ({ default: module.AccountMenuList })),
);

/** SPEC §2 account menu: a 'my account' link (when the user has the overview) and sign-out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
      >
        <AccountCircleIcon />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <AccountMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => {
              setAnchor(null);
            }}
            hasAccountPage={viewer?.navigationRoutes.includes(DEFAULT_ROUTE) ?? false}
            guest={viewer?.session.kind === 'guest'}
            onSignOut={() => void signOut('user')}
          />
        </Suspense>
      )}
    </>
  );
}
