import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '../../kit/Box';
import InputAdornment from '../../kit/InputAdornment';
import Link from '../../kit/Link';
import TextField from '../../kit/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useConfig } from '../../config/config-context';
import { getPortalState, updatePortalState } from '../../lib/portal-state';
import { useViewer } from '../../lib/viewer';

/**
 * SPEC §2 member search (only with the member-search permission): Enter sends the user to the logo
 * route with the exchange subscriber ID as the search; the stored lists of the previous member are
 * dropped so nothing of theirs shows for the next one. The logo route of the member's view, that is:
 * the configured `headerLogoRoute` (the overview by default). Staff looking at nobody yet have a menu
 * of their own — without a household, often only the questions and answers — whose logo route is not
 * where a member is shown. Staff do not open a member by the search itself: it runs on the find-a-member
 * page, where they choose the member and say why they act for them (docs/decisions/043).
 */
export function MemberSearch({
  onSearched,
  fullWidth = false,
}: {
  onSearched?: () => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const memberRoute = useConfig().account.header.headerLogoRoute;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = useViewer()?.session.kind === 'staff';
  // The box shows the Exchange Subscriber ID searched, not a member opened from the find page (issue 13).
  const [value, setValue] = useState(() => {
    const actingFor = getPortalState().actingFor;
    return actingFor && actingFor.idType !== 'Household' && actingFor.idType !== 'Policy' ? actingFor.id : '';
  });

  const search = () => {
    const id = value.trim();
    if (!id) return;
    if (staff) {
      onSearched?.();
      void navigate('/admin/members', { state: { exchangeSubscriberId: id } });
      return;
    }
    queryClient.removeQueries({ queryKey: ['household-user'] });
    queryClient.removeQueries({ queryKey: ['policy'] });
    updatePortalState({ actingFor: { idType: 'ExchangeId', id } });
    onSearched?.();
    void navigate(memberRoute, { state: { search: id } });
  };

  return (
    <TextField
      type="search"
      size="small"
      value={value}
      placeholder={t('header.memberSearchPlaceholder')}
      onChange={(event) => {
        setValue(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          search();
        }
      }}
      sx={{ width: fullWidth ? '100%' : 260, '& .kit-input-root': { bgcolor: 'background.paper' } }}
      slotProps={{
        htmlInput: {
          'aria-label': t('header.memberSearchLabel'),
          maxLength: 30,
          autoComplete: 'off',
          spellCheck: false,
          enterKeyHint: 'search',
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The member search as its own bar under the header (SPEC §2 "member-search box"), at every width: the
 * header keeps room for the rest, and on a phone the search is not hidden behind the menu.
 */
export function MemberSearchBar({ onSearched }: { onSearched?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="div"
      role="search"
      aria-label={t('header.memberSearchLabel')}
      sx={{
        bgcolor: 'grey.100',
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 2, sm: 3 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
        <MemberSearch fullWidth {...(onSearched ? { onSearched } : {})} />
      </Box>
      {/* Issue 13: the other ways to find a member (name and date of birth, policy number, phone, e-mail). */}
      <Link component={RouterLink} to="/admin/members">
        {t('header.findMember')}
      </Link>
    </Box>
  );
}
