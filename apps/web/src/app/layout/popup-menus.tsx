import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import ListItemIcon from '../../kit/ListItemIcon';
import Menu from '../../kit/Menu';
import MenuItem from '../../kit/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useConfig } from '../../config/config-context';
import { changeLanguage, isLanguage } from '../../i18n';

/**
 * The header's pop-up menus, loaded when first opened (menus, popovers and their focus handling are
 * not needed to show a page).
 */

interface PopupProps {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
}

export function AccountMenuList({
  id,
  anchor,
  onClose,
  hasAccountPage,
  guest,
  onSignOut,
}: PopupProps & { hasAccountPage: boolean; guest: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {hasAccountPage && (
        <MenuItem component={RouterLink} to={DEFAULT_ROUTE} onClick={onClose}>
          <ListItemIcon>
            <PersonIcon fontSize="small" aria-hidden="true" />
          </ListItemIcon>
          {t('header.myAccount')}
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" aria-hidden="true" />
        </ListItemIcon>
        {guest ? t('header.endGuestSession') : t('header.signOut')}
      </MenuItem>
    </Menu>
  );
}

export function LanguageMenuList({ id, anchor, onClose }: PopupProps) {
  const { t, i18n } = useTranslation();
  const supported = useConfig().account.languages.supported;
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {supported.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          selected={language === i18n.language}
          onClick={() => {
            onClose();
            if (isLanguage(language)) void changeLanguage(language);
          }}
        >
          {t(`languages.${language}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
