import { useEffect, useMemo } from 'react';
import { Controller, useForm, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AttachmentContentTypeSchema,
  type HouseholdAdditionalProducts,
  type ServiceRequest,
} from '@portal/contracts';
import { addMonths, compareCalendarDates, type CalendarDate } from '@portal/domain';
import Button from '../../../kit/Button';
import Checkbox from '../../../kit/Checkbox';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import FormControl from '../../../kit/FormControl';
import FormControlLabel from '../../../kit/FormControlLabel';
import FormGroup from '../../../kit/FormGroup';
import FormHelperText from '../../../kit/FormHelperText';
import FormLabel from '../../../kit/FormLabel';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { applyForProduct } from '../../../data/additional-product/additional-product-commands';
import { additionalProductsKey } from '../../../data/additional-product/get-additional-products';
import { serviceRequestsKey } from '../../../data/service-request/get-service-requests';
import { loose } from '../../../i18n/loose';
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
import { useFieldRegistry } from '../../../ui/form/field-registry';
import { useFieldText } from '../../../ui/form/use-field-message';
import { useFormatters } from '../../../ui/format';
import { useLayout } from '../../../ui/use-layout';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

const ACCEPTED = AttachmentContentTypeSchema.options;

const FormSchema = z.object({
  applicants: z.array(z.string()).refine((ids) => ids.length > 0, {
    message: 'choose at least one person',
    params: { code: 'choose-someone' },
  }),
  productStartDate: z.string().min(1),
  applicationNote: z.string().trim().max(1000),
  applicationDocument: z.custom<FileValue>().optional(),
});
type FormValues = z.infer<typeof FormSchema>;

/** The household's people as checkboxes in a fieldset: who the application is for. */
function ApplicantsInput({ people }: { people: HouseholdAdditionalProducts['members'] }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const { control } = useFormContext<FormValues>();
  const { errors } = useFormState({ name: 'applicants' });
  const registry = useFieldRegistry();
  const text = useFieldText();
  useEffect(() => registry?.register('applicants', 'applicants'), [registry]);
  const label = text.fieldName('applicants').label;
  const error = errors.applicants
    ? text.message('applicants', errors.applicants as { message?: string }, label)
    : undefined;
  return (
    <Controller
      control={control}
      name="applicants"
      render={({ field }) => (
        <FormControl component="fieldset" error={error !== undefined} required>
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup>
            {people.map((person, index) => (
              <FormControlLabel
                key={person.memberId}
                label={
                  person.relationship
                    ? `${person.firstName} ${person.lastName} (${lt(`relationship.${person.relationship}`, { defaultValue: person.relationship })})`
                    : `${person.firstName} ${person.lastName}`
                }
                control={
                  <Checkbox
                    checked={field.value.includes(person.memberId)}
                    slotProps={{ input: index === 0 ? { name: 'applicants', ref: field.ref } : {} }}
                    onChange={(event) => {
                      field.onChange(
                        event.target.checked
                          ? [...field.value, person.memberId]
                          : field.value.filter((id) => id !== person.memberId),
                      );
                    }}
                    onBlur={field.onBlur}
                  />
                }
              />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The first days of the months an application may start on. */
function startDates(earliest: CalendarDate, latest: CalendarDate): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let date = earliest; compareCalendarDates(date, latest) <= 0; date = addMonths(date, 1))
    dates.push(date);
  return dates;
}

/**
 * The in-portal application for a product (SPEC §3 card with `urlType` internal): who needs the coverage,
 * when it should start (the first of a month the issuer allows), a note and a supporting document (the
 * upload-documents button of SPEC §2 leads here). Sent as an `additional-product` request staff review;
 * a refusal keeps everything typed, the file included.
 */
export function ApplicationDialog({
  product,
  title,
  view,
  onClose,
  onSent,
}: {
  product: string;
  title: string;
  view: HouseholdAdditionalProducts;
  onClose: () => void;
  onSent: (request: ServiceRequest) => void;
}) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const householdId =
    viewer.policies.find((policy) => policy.householdId)?.householdId ??
    viewer.household.households[0]?.household.id ??
    '';
  const maxBytes = useConfig().account.serviceRequests.attachmentMaxBytes;
  const resolver = useMemo(() => zodResolver(FormSchema), []);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      applicants: view.members.length === 1 ? view.members.map((person) => person.memberId) : [],
      productStartDate: view.earliestStart,
      applicationNote: '',
    },
  });
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${format.number(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
      : `${format.number(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const command = useCommand({
    send: (values: FormValues, key: string) =>
      applyForProduct(
        householdId,
        {
          product,
          memberIds: values.applicants,
          startDate: values.productStartDate,
          ...(values.applicationNote.trim() ? { note: values.applicationNote.trim() } : {}),
          ...(values.applicationDocument
            ? {
                attachment: {
                  fileName: values.applicationDocument.fileName,
                  contentType: values.applicationDocument.contentType as (typeof ACCEPTED)[number],
                  contentBase64: values.applicationDocument.contentBase64,
                },
              }
            : {}),
        },
        key,
      ),
    invalidates: () => [
      additionalProductsKey(viewer.credentialKey),
      serviceRequestsKey(viewer.credentialKey),
      ['notifications'],
    ],
    form,
    fieldOf: (field) =>
      field === 'body.memberIds'
        ? 'applicants'
        : field === 'body.startDate'
          ? 'productStartDate'
          : field === 'body.note'
            ? 'applicationNote'
            : field.startsWith('body.attachment')
              ? 'applicationDocument'
              : null,
  });
  const describe = useProblemText(PROBLEMS.additionalProducts);
  const dates = startDates(view.earliestStart, view.latestStart).map((date) => ({
    value: date,
    label: format.date(date),
  }));
  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="application-title"
      scroll="body"
    >
      <PortalForm
        form={form}
        labelledBy="application-title"
        error={command.error}
        describeError={describe}
        onSubmit={(values) => {
          void command.submit(values).then((done) => {
            if (done) onSent(done);
          });
        }}
      >
        <DialogTitle id="application-title">
          {t('additionalProducts.apply.title', { product: title })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t('additionalProducts.apply.intro', { size: size(maxBytes) })}
          </Typography>
          <Stack spacing={2.5}>
            <ApplicantsInput people={view.members} />
            <SelectInput name="productStartDate" field="productStartDate" required options={dates} />
            <TextInput
              name="applicationNote"
              field="applicationNote"
              multiline
              maxLength={1000}
              help={t('additionalProducts.apply.noteHelp')}
            />
            <FileInput
              name="applicationDocument"
              field="applicationDocument"
              accept={ACCEPTED}
              maxBytes={maxBytes}
              help={t('additionalProducts.apply.documentHelp')}
              removeLabel={t('serviceRequests.form.removeFile')}
              chosenLabel={(file) =>
                t('serviceRequests.form.chosenFile', { file: file.fileName, size: size(file.sizeBytes) })
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={command.pending}>
            {t('additionalProducts.apply.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={command.pending}>
            {t('additionalProducts.apply.send')}
          </Button>
        </DialogActions>
      </PortalForm>
    </Dialog>
  );
}
