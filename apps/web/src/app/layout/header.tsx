import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  greetingName,
  normalizeRoute,
  showUploadDocumentsButton,
  UPLOAD_DOCUMENTS_ROUTE,
} from '@portal/domain';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import IconButton from '../../kit/IconButton';
import Typography from '../../kit/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useConfig } from '../../config/config-context';
import { profileOf, useCredential } from '../../lib/auth/credentials';
import { useViewer } from '../../lib/viewer';
import { BUILT_ROUTES } from '../routes';
import { AccountMenu } from './account-menu';
import { LanguageAssistanceLink, LanguageMenu } from './language-help';
import { NotificationButton } from './notification-button';
import { useLayout } from '../../ui/use-layout';

export const HEADER_HEIGHT = 64;

function Logo({ to }: { to: string | null }) {
  const { account } = useConfig();
  const { t } = useTranslation();
  const name = account.tenant.issuerName;
  const image = account.header.headerLogo ? (
    <img
      src={account.header.headerLogo}
      alt={name}
      className="portal-header-logo"
      width={account.header.headerLogoWidth}
      height={40}
      style={{ display: 'block', maxHeight: 40 }}
    />
  ) : (
    <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
      {name}
    </Typography>
  );
  // SPEC §2: the logo links to the logo route; on /admin/pcp-select (null) the link is cleared.
  if (to === null) return <Box sx={{ color: 'inherit' }}>{image}</Box>;
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={t('header.logoLink', { issuer: name })}
      sx={{ color: 'inherit', display: 'block', borderRadius: 1 }}
    >
      {image}
    </Box>
  );
}

/**
 * SPEC §2 header: logo, upload-documents button (rule), language help
 * and switcher (admin.showLanguageHelp), notifications, greeting and account menu. Below 959 px the
 * menu collapses behind a button and the language and notification controls move to the menu's
 * footer bar. The member search has its own bar below (member-search.tsx).
 */
export function Header({ onOpenMenu, menuOpen }: { onOpenMenu: (() => void) | null; menuOpen: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const credential = useCredential();
  const viewer = useViewer();
  const location = useLocation();
  const { mobile, narrow } = useLayout();
  const greeting = viewer
    ? greetingName(profileOf(credential) ?? { name: viewer.session.displayName })
    : null;
  const uploadBuilt = BUILT_ROUTES.some(
    (route) => normalizeRoute(route) === normalizeRoute(UPLOAD_DOCUMENTS_ROUTE),
  );
  const showUpload =
    uploadBuilt &&
    showUploadDocumentsButton(location.pathname, config.account.header.displayUploadDocumentButton);
  const showLanguageHelp = config.account.admin.showLanguageHelp && !mobile;
  const logoRoute = viewer ? viewer.logoRoute : '/home';

  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Box
        sx={{
          minHeight: HEADER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          px: { xs: 1, sm: 3 },
        }}
      >
        {onOpenMenu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="side-navigation"
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Logo to={logoRoute} />
        <Box sx={{ flex: 1 }} />
        {showUpload &&
          (narrow ? (
            // Below 599 px the words do not fit beside the logo: the icon, named for screen readers and on hover.
            <IconButton
              component={RouterLink}
              to={UPLOAD_DOCUMENTS_ROUTE}
              color="inherit"
              aria-label={t('header.uploadDocuments')}
              title={t('header.uploadDocuments')}
            >
              <UploadFileIcon />
            </IconButton>
          ) : (
            <Button
              component={RouterLink}
              to={UPLOAD_DOCUMENTS_ROUTE}
              color="inherit"
              variant="outlined"
              startIcon={<UploadFileIcon aria-hidden="true" />}
            >
              {t('header.uploadDocuments')}
            </Button>
          ))}
        {showLanguageHelp && (
          <>
            <LanguageAssistanceLink />
            <LanguageMenu />
          </>
        )}
        {!mobile && <NotificationButton />}
        {greeting && !narrow && (
          <Typography
            variant="body2"
            data-testid="greeting"
            sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 220 }}
          >
            {t('header.greeting', { name: greeting })}
          </Typography>
        )}
        {credential ? (
          <AccountMenu />
        ) : (
          location.pathname !== '/home' && (
            <Button component={RouterLink} to="/home" color="inherit" variant="outlined">
              {t('header.signIn')}
            </Button>
          )
        )}
      </Box>
    </Box>
  );
}
