import { useState, type ComponentType } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayedPolicyId, type NavigationItem } from '@portal/domain';
import Box from '../../kit/Box';
import Typography from '../../kit/Typography';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import WorkIcon from '@mui/icons-material/Work';
import DescriptionIcon from '@mui/icons-material/Description';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HelpIcon from '@mui/icons-material/Help';
import HomeIcon from '@mui/icons-material/Home';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentIcon from '@mui/icons-material/Payment';
import PaymentsIcon from '@mui/icons-material/Payments';
import PolicyIcon from '@mui/icons-material/Policy';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useConfig } from '../../config/config-context';
import { useViewer, type Viewer } from '../../lib/viewer';
import { LanguageSelect } from './language-select';
import { LanguageAssistanceLink } from './language-help';
import { NotificationButton } from './notification-button';
import { useLayout } from '../../ui/use-layout';
import { loose } from '../../i18n/loose';

// The navigation file names icons by their Material names (an `icon` hint, SPEC §2 sample menu).
const ICONS: Record<string, ComponentType<{ fontSize?: 'small' }>> = {
  home: HomeIcon,
  badge: BadgeIcon,
  description: DescriptionIcon,
  policy: PolicyIcon,
  payment: PaymentIcon,
  medical_services: MedicalServicesIcon,
  payments: PaymentsIcon,
  support_agent: SupportAgentIcon,
  assignment: AssignmentIcon,
  mark_email_read: MarkEmailReadIcon,
  add_circle: AddCircleIcon,
  help: HelpIcon,
  notifications: NotificationsIcon,
  visibility: VisibilityIcon,
  work: WorkIcon,
};

function ItemIcon({ name }: { name: string | null }) {
  const Icon = name ? ICONS[name] : undefined;
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{ display: 'inline-flex', width: 36, flexShrink: 0, color: 'text.secondary' }}
    >
      {Icon ? <Icon fontSize="small" /> : null}
    </Box>
  );
}

/** A menu row: a link or a button, full width, with a visible focus ring (plain elements keep the first page light). */
const rowSx = (depth: number) => ({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: 44,
  py: 1,
  pr: 2,
  pl: 2 + depth * 2,
  border: 0,
  bgcolor: 'transparent',
  color: 'text.primary',
  font: 'inherit',
  textAlign: 'left' as const,
  textDecoration: 'none',
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
  '&.active': { bgcolor: 'action.selected', fontWeight: 600, boxShadow: 'inset 4px 0 0 currentColor' },
});

const listSx = { listStyle: 'none', m: 0, p: 0 };

/** SPEC §2 side-navigation header: member label, policyholder's name, and the ID per policyDisplayID. */
function NavHeader({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const config = useConfig();
  // A broker's book holds many members: name one only when looking at a member (member search).
  if (viewer.isStaffOrBroker && !viewer.actingFor) return null;
  const policy = viewer.policies.find((p) => p.isPrimaryPolicy) ?? viewer.policies[0];
  if (!policy) return null;
  const shown = displayedPolicyId(
    { exchangeId: policy.exchangeSubscriberId, issuerId: policy.issuerSubscriberId },
    config.account.policyDisplayID,
  );
  return (
    <Box sx={{ px: 2, py: 2 }} data-testid="nav-member">
      <Typography variant="overline" component="p" sx={{ lineHeight: 1.6, color: 'text.secondary' }}>
        {t('nav.memberLabel')}
      </Typography>
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {policy.policyHolder.firstName} {policy.policyHolder.lastName}
      </Typography>
      {shown.id && (
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
          {t(shown.idType === 'IssuerId' ? 'nav.issuerIdLabel' : 'nav.exchangeIdLabel')}: {shown.id}
        </Typography>
      )}
    </Box>
  );
}

function NavEntry({
  item,
  depth,
  collapsible,
  onNavigate,
}: {
  item: NavigationItem;
  depth: number;
  collapsible: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const label = loose(t)(item.label);
  if (item.children.length === 0 && item.route) {
    return (
      <Box component={NavLink} to={item.route} end onClick={onNavigate} sx={rowSx(depth)}>
        {depth === 0 && <ItemIcon name={item.icon} />}
        {label}
      </Box>
    );
  }
  const headingId = `nav-section-${item.id}`;
  const children = (
    <Box component="ul" aria-labelledby={headingId} sx={listSx}>
      {item.children.map((child) => (
        <li key={child.id}>
          <NavEntry item={child} depth={depth + 1} collapsible={collapsible} onNavigate={onNavigate} />
        </li>
      ))}
    </Box>
  );
  // SPEC §2: on desktop the sections are expanded; in the collapsed (mobile) menu they fold.
  if (!collapsible) {
    return (
      <>
        <Typography
          id={headingId}
          variant="subtitle2"
          component="p"
          sx={{ px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary', display: 'flex', alignItems: 'center' }}
        >
          <ItemIcon name={item.icon} />
          {label}
        </Typography>
        {children}
      </>
    );
  }
  return (
    <>
      <Box
        component="button"
        type="button"
        id={headingId}
        aria-expanded={open}
        onClick={() => {
          setOpen((value) => !value);
        }}
        sx={rowSx(depth)}
      >
        <ItemIcon name={item.icon} />
        <Box component="span" sx={{ flex: 1 }}>
          {label}
        </Box>
        {open ? <ExpandLess aria-hidden="true" /> : <ExpandMore aria-hidden="true" />}
      </Box>
      {open && children}
    </>
  );
}

/** SPEC §2 side-navigation footer bar: language selector, notifications and language assistance (last two hidden below 599 px). */
function FooterBar() {
  const { narrow } = useLayout();
  return (
    <Box
      data-testid="nav-footer-bar"
      sx={{
        mt: 'auto',
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <LanguageSelect />
      {!narrow && (
        <>
          <NotificationButton color="primary" />
          <LanguageAssistanceLink color="primary.dark" />
        </>
      )}
    </Box>
  );
}

/**
 * SPEC §2 side navigation: the member header, the menu computed from roles and scenario (SPEC §4),
 * and, in the collapsed mobile menu, the footer bar.
 */
export function SideNav({ mobile, onNavigate }: { mobile: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (!viewer) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="side-navigation">
      <NavHeader viewer={viewer} />
      <Box component="hr" sx={{ m: 0, border: 0, borderTop: 1, borderColor: 'divider' }} />
      {viewer.navigation.length > 0 && (
        <Box component="nav" aria-label={t('nav.label')}>
          <Box component="ul" sx={{ ...listSx, py: 1 }}>
            {viewer.navigation.map((item) => (
              <li key={item.id}>
                <NavEntry item={item} depth={0} collapsible={mobile} onNavigate={onNavigate} />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {mobile && <FooterBar />}
    </Box>
  );
}
