import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavigationItem } from '@portal/domain';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Link from '../../kit/Link';
import Paper from '../../kit/Paper';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { useAllTexts } from '../../i18n';
import { loose } from '../../i18n/loose';
import type { Viewer } from '../../lib/viewer';

const flatten = (items: readonly NavigationItem[]): { route: string | null; label: string }[] =>
  items.flatMap((item) => [
    ...(item.route ? [{ route: item.route, label: item.label }] : []),
    ...flatten(item.children),
  ]);

/**
 * Staff whose role has no member search (the SPEC §6 test role): what the role may do — its pages and
 * its actions, each said available or not — and, for a role whose actions work only in production
 * (`actionsOnlyInProduction`), that they are off here, so trying one does nothing.
 */
export function RoleInfo({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const config = useConfig();
  const definitions = viewer.session.roles
    .map((role) => config.roles.roles[role])
    .filter((definition) => definition !== undefined);
  const actions = [...new Set(definitions.flatMap((definition) => definition.actions))];
  const productionOnly = definitions.some((definition) => definition.actionsOnlyInProduction === true);
  const offHere = actions.some((action) => !viewer.session.actions.includes(action));
  // The role's pages (role-config routes), named as the menu names them; the menu itself may list none
  // of them while no household is shown.
  const menu = [
    ...flatten(viewer.navigation),
    ...Object.values(config.navigation.entries).map((entry) => ({
      route: entry.route ?? null,
      label: entry.label,
    })),
  ];
  const pages = [...new Set(definitions.flatMap((definition) => definition.routes))]
    .filter((route) => route !== '*')
    .map((route) => ({ route, label: menu.find((item) => item.route === route)?.label ?? null }));
  // Its words are in the staff language file, which is not among the startup files (docs/decisions/033).
  const texts = useAllTexts();
  if (!texts) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="role-info-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="role-info-heading" variant="h5" component="h2" gutterBottom>
        {t('staff.roleInfo.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('staff.roleInfo.intro', { roles: viewer.session.roles.join(', ') })}
      </Typography>
      <Typography variant="h6" component="h3">
        {t('staff.roleInfo.pages')}
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 2 }}>
        {pages.map((item) => (
          <li key={item.route}>
            <Link component={RouterLink} to={item.route}>
              {item.label ? lt(item.label) : item.route}
            </Link>
          </li>
        ))}
      </Box>
      <Typography variant="h6" component="h3">
        {t('staff.roleInfo.actions')}
      </Typography>
      {actions.length === 0 ? (
        <Typography>{t('staff.roleInfo.noActions')}</Typography>
      ) : (
        <Box component="ul" sx={{ mt: 0.5, mb: 2 }}>
          {actions.map((action) => (
            <li key={action}>
              <code>{action}</code>:{' '}
              {viewer.session.actions.includes(action)
                ? t('staff.roleInfo.enabled')
                : t('staff.roleInfo.disabled')}
            </li>
          ))}
        </Box>
      )}
      {productionOnly && offHere && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('staff.roleInfo.disabledOutsideProduction')}
        </Alert>
      )}
      <Typography color="text.secondary">{t('staff.roleInfo.searchHint')}</Typography>
    </Paper>
  );
}
