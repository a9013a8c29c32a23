import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AttachmentContentTypeSchema,
  GeneralRequestSchema,
  type PolicySummary,
  type ServiceRequest,
} from '@portal/contracts';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { createGeneralRequest } from '../../../data/service-request/service-request-commands';
import { useSignedInViewer } from '../../../lib/viewer';
import {
  FileInput,
  PortalForm,
  SelectInput,
  TextInput,
  useCommand,
  zodResolver,
  type FileValue,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePolicyLabel } from '../../../ui/policy-selector';

const ACCEPTED = AttachmentContentTypeSchema.options;
const NO_POLICY = '';

/** The form's values: the contract's fields, the policy as a select value, the file as chosen. */
const FormSchema = GeneralRequestSchema.omit({ policyId: true, attachment: true }).extend({
  requestPolicy: z.string(),
  attachment: z.custom<FileValue>().optional(),
});
type FormValues = z.input<typeof FormSchema>;

/**
 * A general request (issue 11): a subject and a message in the member's own words, optionally about one
 * policy, with one optional document (PDF, JPEG or PNG within the tenant's size limit; the server checks
 * the content). A refusal keeps everything typed, the file included.
 */
export function GeneralRequestDialog({
  householdId,
  policies,
  initialPolicyId,
  onClose,
  onSent,
}: {
  householdId: string;
  policies: readonly PolicySummary[];
  initialPolicyId: string | null;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const { credentialKey } = useSignedInViewer();
  const format = useFormatters();
  const policyLabel = usePolicyLabel();
  const maxBytes = useConfig().account.serviceRequests.attachmentMaxBytes;
  const resolver = useMemo(() => zodResolver(FormSchema), []);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { requestPolicy: initialPolicyId ?? NO_POLICY, subject: '', message: '' },
  });
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${format.number(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
      : `${format.number(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const send = useCommand({
    send: (values: FormValues, key: string) =>
      createGeneralRequest(
        householdId,
        {
          subject: values.subject,
          message: values.message,
          ...(values.requestPolicy === NO_POLICY ? {} : { policyId: values.requestPolicy }),
          ...(values.attachment
            ? {
                attachment: {
                  fileName: values.attachment.fileName,
                  contentType: values.attachment.contentType as (typeof ACCEPTED)[number],
                  contentBase64: values.attachment.contentBase64,
                },
              }
            : {}),
        },
        key,
      ),
    invalidates: () => [serviceRequestsKey(credentialKey), ['notifications']],
    form,
    fieldOf: (field) =>
      field === 'body.policyId'
        ? 'requestPolicy'
        : field.startsWith('body.attachment')
          ? 'attachment'
          : field.startsWith('body.')
            ? field.slice('body.'.length)
            : null,
  });
  const onSubmit = async (values: FormValues) => {
    const sent = await send.submit(values);
    if (sent) onSent(sent);
  };
  const options = [
    { value: NO_POLICY, label: t('serviceRequests.form.policyAll') },
    ...policies.map((policy) => ({ value: policy.id, label: policyLabel(policy) })),
  ];
  return (
    <Dialog
      open
      onClose={send.pending ? undefined : onClose}
      aria-labelledby="general-request-title"
      maxWidth="sm"
      fullWidth
      scroll="body"
    >
      <PortalForm form={form} onSubmit={onSubmit} error={send.error} labelledBy="general-request-title">
        <DialogTitle id="general-request-title">{t('serviceRequests.form.title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('serviceRequests.form.intro', { size: size(maxBytes) })}</Typography>
          <Stack spacing={2.5}>
            {policies.length > 0 && (
              <SelectInput name="requestPolicy" field="requestPolicy" options={options} />
            )}
            <TextInput name="subject" field="subject" required maxLength={120} autoComplete="off" />
            <TextInput name="message" field="message" required multiline maxLength={4000} />
            <FileInput
              name="attachment"
              field="attachment"
              accept={ACCEPTED}
              maxBytes={maxBytes}
              removeLabel={t('serviceRequests.form.removeFile')}
              chosenLabel={(file) =>
                t('serviceRequests.form.chosenFile', { file: file.fileName, size: size(file.sizeBytes) })
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={send.pending}>
            {t('serviceRequests.form.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={send.pending}>
            {t('serviceRequests.form.send')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}
