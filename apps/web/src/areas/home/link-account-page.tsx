import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LinkAccountRequest, LinkAccountResponse } from '@portal/contracts';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { linkAccount } from '../../data/account-link/link-account';
import { signIn } from '../../lib/auth/auth';
import { useCredential } from '../../lib/auth/credentials';
import { useViewerState } from '../../lib/viewer';
import { contractResolver, DateInput, PortalForm, RadioInput, TextInput, useCommand } from '../../ui/form';
import { whileProcessing } from '../../ui/processing';
import { PROBLEMS, useProblemText } from '../../ui/problems';

function LinkForm({ onLinked }: { onLinked: (result: LinkAccountResponse) => void }) {
  const { t } = useTranslation();
  // What went wrong with a link (SPEC §8: an unknown link is a not-found answer, said as such).
  const describeFailure = useProblemText(PROBLEMS.linkAccount);
  const { account } = useConfig();
  const field = account.linkAccount.searchableField;
  const resolver = useMemo(() => contractResolver((c) => c.linkAccountFormSchema(field)), [field]);
  const form = useForm<LinkAccountRequest>({
    resolver,
    defaultValues: {
      identifierType: 'policyNumber',
      identifier: '',
      dateOfBirth: '',
      ...(field === 'SSN' ? { ssn: '' } : { zipCode: '' }),
    },
  });
  const link = useCommand({
    send: (request: LinkAccountRequest, key: string) => linkAccount(request, key),
    form,
  });
  const identifierType = useWatch({ control: form.control, name: 'identifierType' });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="link-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('linkAccount.formTitle')}
      </Typography>
      <PortalForm
        form={form}
        labelledBy="link-form-title"
        error={link.error}
        describeError={(error) => describeFailure(error, { phone: account.tenant.supportPhone })}
        onSubmit={(values) => {
          void link.submit(values).then((done) => {
            if (done) onLinked(done);
          });
        }}
      >
        <Stack spacing={2.5}>
          <RadioInput
            name="identifierType"
            field="identifierType"
            row
            options={[
              { value: 'policyNumber', label: t('locate.policyNumber') },
              { value: 'exchangeSubscriberId', label: t('locate.exchangeSubscriberId') },
            ]}
          />
          <TextInput
            name="identifier"
            field={identifierType === 'policyNumber' ? 'policyNumber' : 'exchangeSubscriberId'}
            required
            help={t(
              identifierType === 'policyNumber'
                ? 'locate.policyNumberHelp'
                : 'locate.exchangeSubscriberIdHelp',
            )}
            maxLength={30}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 30 } }}
          />
          <DateInput
            name="dateOfBirth"
            field="dateOfBirth"
            required
            help={t('locate.dateOfBirthHelp')}
            autoComplete="bday"
          />
          {field === 'SSN' ? (
            <TextInput
              name="ssn"
              field="ssn"
              required
              help={t('linkAccount.ssnHelp')}
              inputMode="numeric"
              maxLength={11}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 11 } }}
            />
          ) : (
            <TextInput
              name="zipCode"
              field="zipCode"
              required
              help={t('locate.zipCodeHelp')}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={10}
            />
          )}
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={link.pending}>
              {t('linkAccount.submit')}
            </Button>
          </Box>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

/**
 * SPEC §2 account/home/link-account (issue 12; SPEC §8, §9): a member signed in with an account that is not
 * linked to their member record yet links it — with the subscriber's member ID, date of birth and the
 * tenant's searchable field (the SSN, of which only the last four digits are compared; or the home ZIP
 * code). Wrong details and an unknown member get the same answer, limited like locate-account. Once linked,
 * who-is-who is read again and the member's coverage shows. Navigation is hidden in the home area.
 */
export default function LinkAccountPage() {
  const { t, i18n } = useTranslation();
  const { account } = useConfig();
  const credential = useCredential();
  const state = useViewerState();
  const queryClient = useQueryClient();
  const [linked, setLinked] = useState<LinkAccountResponse | null>(null);
  const done = useRef<HTMLDivElement>(null);

  const heading = (
    <Stack spacing={1}>
      <Typography variant="h4" component="h1">
        {t('linkAccount.heading')}
      </Typography>
      <Typography>{t('linkAccount.intro', { issuer: account.tenant.issuerName })}</Typography>
    </Stack>
  );

  if (!credential) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 680 }}>
        {heading}
        <Alert severity="info">{t('linkAccount.signInFirst')}</Alert>
        {account.home.showSignInLink && (
          <Box>
            <Button
              variant="contained"
              onClick={() => {
                void whileProcessing(() =>
                  signIn('consumer', { language: i18n.language, returnTo: '/home/link-account' }),
                ).catch(() => undefined);
              }}
            >
              {t('home.member.action')}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  if (state.status !== 'ready') {
    return (
      <Stack spacing={3} sx={{ maxWidth: 680 }}>
        {heading}
        <Typography role="status">{t('app.loading')}</Typography>
      </Stack>
    );
  }
  const { session } = state.viewer;

  return (
    <Stack spacing={3} sx={{ maxWidth: 680 }}>
      {heading}
      <Box ref={done} tabIndex={-1} sx={{ outline: 'none' }}>
        {linked && (
          <Alert severity="success" role="status">
            <Typography sx={{ fontWeight: 600 }}>{t('linkAccount.linked')}</Typography>
            <Typography>{t('linkAccount.linkedBody', { count: linked.policyCount })}</Typography>
          </Alert>
        )}
      </Box>
      {linked || (session.kind === 'member' && session.memberId !== null) ? (
        <>
          {!linked && <Alert severity="info">{t('linkAccount.alreadyLinked')}</Alert>}
          <Box>
            <Button component={RouterLink} to={DEFAULT_ROUTE} variant="contained">
              {t('linkAccount.seeCoverage')}
            </Button>
          </Box>
        </>
      ) : session.kind !== 'member' ? (
        <Alert severity="info">{t('linkAccount.notAMember')}</Alert>
      ) : (
        <>
          <LinkForm
            onLinked={(result) => {
              setLinked(result);
              // Who-is-who is read again: the member's households, policies and menu appear.
              void queryClient.invalidateQueries({ queryKey: ['session'] });
              void queryClient.invalidateQueries({ queryKey: ['household-user'] });
              done.current?.focus();
            }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('linkAccount.privacy')}
          </Typography>
          {account.tenant.supportPhone && (
            <Typography variant="body2">
              {t('linkAccount.help', { phone: account.tenant.supportPhone })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
