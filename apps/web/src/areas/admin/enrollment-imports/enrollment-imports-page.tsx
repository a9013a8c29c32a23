import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import CircularProgress from '../../../kit/CircularProgress';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Table from '../../../kit/Table';
import TableBody from '../../../kit/TableBody';
import TableCell from '../../../kit/TableCell';
import TableContainer from '../../../kit/TableContainer';
import TableHead from '../../../kit/TableHead';
import TableRow from '../../../kit/TableRow';
import Typography from '../../../kit/Typography';
import {
  useEnrollmentImports,
  VIEW_IMPORTS_ACTION,
} from '../../../data/enrollment-import/enrollment-imports';
import { useSignedInViewer } from '../../../lib/viewer';
import { dateTimeFormat, useFormatters } from '../../../ui/format';
import { Pager, usePaging } from '../../../ui/pager';

/**
 * Issue 34, decision 056 (`/admin/enrollment-imports`, role action `view-enrollment-imports`): the X12 834
 * files the portal received — by the command line, the API or the drop folder — newest first, with what
 * applied, was rejected or held; each opens on its transaction sets, the members they name and the reasons.
 */
export default function EnrollmentImportsPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const allowed = viewer.session.actions.includes(VIEW_IMPORTS_ACTION);
  const [paging, setPaging] = usePaging(25);
  const found = useEnrollmentImports(viewer.credentialKey, paging, allowed);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const heading = (
    <Typography variant="h4" component="h1">
      {t('enrollmentImports.heading')}
    </Typography>
  );
  if (!allowed) {
    return (
      <Stack spacing={2}>
        {heading}
        <Alert severity="info">{t('enrollmentImports.notAllowed')}</Alert>
      </Stack>
    );
  }
  const page = found.data;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        {heading}
        <Typography>{t('enrollmentImports.intro')}</Typography>
      </Stack>
      <Box component="section" aria-labelledby="imports-heading">
        <Typography id="imports-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('enrollmentImports.listHeading')}
        </Typography>
        {found.isPending && <CircularProgress aria-label={t('app.loading')} />}
        {found.isError && <Alert severity="error">{t('enrollmentImports.loadFailed')}</Alert>}
        {page && page.total === 0 && <Alert severity="info">{t('enrollmentImports.none')}</Alert>}
        {page && page.total > 0 && (
          <Paper variant="outlined">
            <TableContainer tabIndex={0} aria-labelledby="imports-heading" role="region">
              <Table size="small" sx={{ minWidth: 760 }}>
                <caption
                  style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px', fontWeight: 600 }}
                >
                  {t('enrollmentImports.caption')}
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{t('enrollmentImports.columns.file')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.columns.received')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.columns.source')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.columns.interchange')}</TableCell>
                    <TableCell scope="col">{t('enrollmentImports.columns.outcome')}</TableCell>
                    <TableCell scope="col" align="right">
                      {t('enrollmentImports.columns.applied')}
                    </TableCell>
                    <TableCell scope="col" align="right">
                      {t('enrollmentImports.columns.rejected')}
                    </TableCell>
                    <TableCell scope="col" align="right">
                      {t('enrollmentImports.columns.held')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.items.map((item) => (
                    <TableRow key={item.id} data-testid="import-row">
                      <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all' }}>
                        <Link component={RouterLink} to={`/admin/enrollment-imports/${item.id}`}>
                          {item.fileName}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {when.format(new Date(item.receivedAt))}
                      </TableCell>
                      <TableCell>{t(`enrollmentImports.source.${item.source}`)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>
                        {item.sender && item.controlNumber
                          ? t('enrollmentImports.interchange', {
                              sender: item.sender,
                              control: item.controlNumber,
                            })
                          : t('enrollmentImports.noInterchange')}
                      </TableCell>
                      <TableCell>
                        {t(`enrollmentImports.status.${item.status}`)}
                        {item.refused && (
                          <Typography variant="body2" color="error.dark">
                            {item.refused.segment !== null
                              ? t('enrollmentImports.segmentReason', {
                                  segment: item.refused.segment,
                                  reason: item.refused.reason,
                                })
                              : item.refused.reason}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{format.number(item.applied)}</TableCell>
                      <TableCell align="right">{format.number(item.rejected)}</TableCell>
                      <TableCell align="right">{format.number(item.held)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pager
              page={page}
              sizes={[25, 50, 100]}
              perPageLabel={t('enrollmentImports.itemsPerPage')}
              onChange={setPaging}
            />
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
