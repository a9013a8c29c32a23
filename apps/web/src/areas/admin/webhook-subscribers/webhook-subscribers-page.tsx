import { useMemo, useState } from 'react';
import { Controller, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ISSUER_EVENT_TYPES,
  WebhookSubscriberRequestSchema,
  type IssuerEventType,
  type WebhookSubscriber,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Checkbox from '../../../kit/Checkbox';
import CircularProgress from '../../../kit/CircularProgress';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import FormControlLabel from '../../../kit/FormControlLabel';
import FormGroup from '../../../kit/FormGroup';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import {
  addWebhookSubscriber,
  editWebhookSubscriber,
  MANAGE_WEBHOOKS_ACTION,
  rotateWebhookSecret,
  setWebhookSubscriberActive,
  useWebhookSubscribers,
  webhookSubscribersKey,
} from '../../../data/webhook-subscriber/webhook-subscribers';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Facts } from '../../../ui/facts';
import { PortalForm, problemMessageKey, TextInput, useCommand, zodResolver } from '../../../ui/form';
import { dateTimeFormat, useFormatters } from '../../../ui/format';

const FormSchema = z.object({
  name: WebhookSubscriberRequestSchema.shape.name,
  url: WebhookSubscriberRequestSchema.shape.url,
  eventTypes: z.array(z.enum(ISSUER_EVENT_TYPES as [IssuerEventType, ...IssuerEventType[]])),
});
type FormValues = z.infer<typeof FormSchema>;

/** The event types as checkboxes: none ticked means every type. */
function EventTypeChoices() {
  const { t } = useTranslation();
  const { control } = useFormContext<FormValues>();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('webhookSubscribers.form.eventTypes')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('webhookSubscribers.form.eventTypesHelp')}
      </Typography>
      <Controller
        control={control}
        name="eventTypes"
        render={({ field }) => (
          <FormGroup
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
          >
            {ISSUER_EVENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                label={
                  <Box component="code" sx={{ fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
                    {type}
                  </Box>
                }
                control={
                  <Checkbox
                    checked={field.value.includes(type)}
                    onChange={(event) => {
                      field.onChange(
                        event.target.checked
                          ? [...field.value, type]
                          : field.value.filter((value) => value !== type),
                      );
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      />
    </Box>
  );
}

/** Add or edit a subscriber: name, URL, event types; field errors in place, nothing typed lost. */
function SubscriberDialog({
  subscriber,
  onClose,
  onCreated,
}: {
  subscriber: WebhookSubscriber | null;
  onClose: () => void;
  onCreated: (secret: { name: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const resolver = useMemo(() => zodResolver(FormSchema), []);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      name: subscriber?.name ?? '',
      url: subscriber?.url ?? '',
      eventTypes: (subscriber?.eventTypes ?? []) as IssuerEventType[],
    },
  });
  const command = useCommand<FormValues, { name: string; secret?: string }, FormValues>({
    send: (values, key) =>
      subscriber ? editWebhookSubscriber(subscriber.id, values, key) : addWebhookSubscriber(values, key),
    invalidates: () => [webhookSubscribersKey(viewer.credentialKey)],
    form,
  });
  const headingId = 'subscriber-dialog-title';
  return (
    <Dialog open onClose={onClose} aria-labelledby={headingId} maxWidth="md" fullWidth>
      <DialogTitle id={headingId}>
        {subscriber
          ? t('webhookSubscribers.form.editTitle', { name: subscriber.name })
          : t('webhookSubscribers.form.addTitle')}
      </DialogTitle>
      <PortalForm
        form={form}
        labelledBy={headingId}
        error={command.error}
        onSubmit={async (values) => {
          const result = await command.submit(values);
          if (!result) return;
          if (result.secret) onCreated({ name: result.name, secret: result.secret });
          onClose();
        }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <TextInput name="name" field="webhookName" required maxLength={100} autoComplete="off" />
            <TextInput
              name="url"
              field="webhookUrl"
              required
              maxLength={2000}
              autoComplete="off"
              help={t('webhookSubscribers.form.urlHelp')}
            />
            <EventTypeChoices />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('webhookSubscribers.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={command.pending}>
            {subscriber ? t('webhookSubscribers.form.save') : t('webhookSubscribers.form.add')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}

type Pending = { kind: 'disable' | 'rotate'; subscriber: WebhookSubscriber } | null;

/**
 * Issue 34, decisions 052 and 056 (`/admin/webhook-subscribers`, role action `manage-webhooks`): the issuer's
 * systems that receive the portal's events — add one (its signing secret shown once), change its name, URL
 * and event types, disable or enable it, give it a new secret (the old one signs beside it for 24 hours).
 * Disabling and rotating ask first.
 */
export default function WebhookSubscribersPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const allowed = viewer.session.actions.includes(MANAGE_WEBHOOKS_ACTION);
  const list = useWebhookSubscribers(viewer.credentialKey, allowed);
  const [editing, setEditing] = useState<WebhookSubscriber | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const invalidates = () => [webhookSubscribersKey(viewer.credentialKey)];
  const activeCommand = useCommand<{ id: string; active: boolean }, WebhookSubscriber>({
    send: ({ id, active }, key) => setWebhookSubscriberActive(id, active, key),
    invalidates,
  });
  const rotateCommand = useCommand<{ id: string }, WebhookSubscriber & { secret: string }>({
    send: ({ id }, key) => rotateWebhookSecret(id, { endPreviousNow: false }, key),
    invalidates,
  });

  const heading = (
    <Typography variant="h4" component="h1">
      {t('webhookSubscribers.heading')}
    </Typography>
  );
  if (!allowed) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="info">{t('webhookSubscribers.notAllowed')}</Alert>
      </Stack>
    );
  }
  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'disable') {
      const done = await activeCommand.submit({ id: pending.subscriber.id, active: false });
      if (done) setPending(null);
      return;
    }
    const rotated = await rotateCommand.submit({ id: pending.subscriber.id });
    if (rotated) {
      setPending(null);
      setSecret({ name: rotated.name, secret: rotated.secret });
    }
  };
  const busyError = pending?.kind === 'disable' ? activeCommand.error : rotateCommand.error;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        {heading}
        <Typography>{t('webhookSubscribers.intro')}</Typography>
      </Stack>
      <Box>
        <Button
          variant="contained"
          onClick={() => {
            setEditing('new');
          }}
        >
          {t('webhookSubscribers.add')}
        </Button>
      </Box>
      {secret && (
        <Alert
          severity="warning"
          onClose={() => {
            setSecret(null);
          }}
          slotProps={{
            closeButton: { title: t('webhookSubscribers.secret.dismiss') },
            root: { role: 'status' },
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {t('webhookSubscribers.secret.title', { name: secret.name })}
          </Typography>
          <Typography variant="body2">{t('webhookSubscribers.secret.body')}</Typography>
          <Box
            component="code"
            data-testid="subscriber-secret"
            sx={{
              display: 'block',
              mt: 1,
              p: 1,
              bgcolor: 'background.paper',
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {secret.secret}
          </Box>
        </Alert>
      )}
      {Boolean(activeCommand.error) && pending === null && (
        <Alert severity="error">{t(problemMessageKey(activeCommand.error))}</Alert>
      )}
      <Box component="section" aria-labelledby="subscribers-heading">
        <Typography id="subscribers-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('webhookSubscribers.listHeading')}
        </Typography>
        {list.isPending && <CircularProgress aria-label={t('app.loading')} />}
        {list.isError && <Alert severity="error">{t('webhookSubscribers.loadFailed')}</Alert>}
        {list.data && list.data.items.length === 0 && (
          <Alert severity="info">{t('webhookSubscribers.none')}</Alert>
        )}
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data?.items.map((subscriber) => (
            <Paper
              component="li"
              variant="outlined"
              key={subscriber.id}
              data-testid="subscriber"
              aria-labelledby={`subscriber-${subscriber.id}`}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Typography
                id={`subscriber-${subscriber.id}`}
                variant="h6"
                component="h3"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {subscriber.name}
              </Typography>
              <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
                {subscriber.url}
              </Typography>
              <Facts
                items={[
                  {
                    label: t('webhookSubscribers.status'),
                    value: subscriber.active
                      ? t('webhookSubscribers.active')
                      : t('webhookSubscribers.disabled'),
                    tone: subscriber.active ? 'normal' : 'warning',
                  },
                  {
                    label: t('webhookSubscribers.eventTypes'),
                    value:
                      subscriber.eventTypes.length === 0
                        ? t('webhookSubscribers.allEvents')
                        : subscriber.eventTypes.join(', '),
                  },
                  {
                    label: t('webhookSubscribers.deliveries'),
                    value: t('webhookSubscribers.deliveryCounts', {
                      pending: format.number(subscriber.deliveries.pending),
                      delivered: format.number(subscriber.deliveries.delivered),
                      failed: format.number(subscriber.deliveries.failed),
                    }),
                    tone: subscriber.deliveries.failed > 0 ? 'warning' : 'normal',
                  },
                  {
                    label: t('webhookSubscribers.secretRotated'),
                    value: subscriber.secretRotatedAt
                      ? when.format(new Date(subscriber.secretRotatedAt))
                      : t('webhookSubscribers.never'),
                    ...(subscriber.previousSecretValidUntil
                      ? {
                          detail: t('webhookSubscribers.previousUntil', {
                            when: when.format(new Date(subscriber.previousSecretValidUntil)),
                          }),
                        }
                      : {}),
                  },
                ]}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  onClick={() => {
                    setEditing(subscriber);
                  }}
                  aria-label={t('webhookSubscribers.editNamed', { name: subscriber.name })}
                >
                  {t('webhookSubscribers.edit')}
                </Button>
                {subscriber.active ? (
                  <Button
                    variant="outlined"
                    color="error"
                    onClick={() => {
                      setPending({ kind: 'disable', subscriber });
                    }}
                    aria-label={t('webhookSubscribers.disableNamed', { name: subscriber.name })}
                  >
                    {t('webhookSubscribers.disable')}
                  </Button>
                ) : (
                  <Button
                    variant="outlined"
                    disabled={activeCommand.pending}
                    onClick={() => void activeCommand.submit({ id: subscriber.id, active: true })}
                    aria-label={t('webhookSubscribers.enableNamed', { name: subscriber.name })}
                  >
                    {t('webhookSubscribers.enable')}
                  </Button>
                )}
                <Button
                  variant="outlined"
                  onClick={() => {
                    setPending({ kind: 'rotate', subscriber });
                  }}
                  aria-label={t('webhookSubscribers.rotateNamed', { name: subscriber.name })}
                >
                  {t('webhookSubscribers.rotate')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Box>
      {editing !== null && (
        <SubscriberDialog
          subscriber={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
          onCreated={setSecret}
        />
      )}
      {pending && (
        <ConfirmDialog
          id="subscriber-confirm"
          title={
            pending.kind === 'disable'
              ? t('webhookSubscribers.confirmDisable.title', { name: pending.subscriber.name })
              : t('webhookSubscribers.confirmRotate.title', { name: pending.subscriber.name })
          }
          body={
            pending.kind === 'disable'
              ? t('webhookSubscribers.confirmDisable.body')
              : t('webhookSubscribers.confirmRotate.body')
          }
          keepLabel={t('webhookSubscribers.keep')}
          confirmLabel={
            pending.kind === 'disable' ? t('webhookSubscribers.disable') : t('webhookSubscribers.rotate')
          }
          busy={activeCommand.pending || rotateCommand.pending}
          error={busyError ? t(problemMessageKey(busyError)) : null}
          onKeep={() => {
            setPending(null);
          }}
          onConfirm={() => void confirm()}
        />
      )}
    </Stack>
  );
}
