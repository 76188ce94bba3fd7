import { Alert, Box, Chip, CircularProgress, Link, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListBase,
  Pagination,
  type SortPayload,
  TextField,
  Title,
  useListContext,
  usePermissions,
} from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { ADMIN_ROLE } from '../providers/authProvider';
import { formatWhen } from '../shared/formatWhen';
import type { Certificate } from './certificatesMethods';
import { RevokeButton } from './RevokeButton';

export const NO_CERTIFICATES = 'No certificates yet. They are issued when a learner passes every day of a challenge.';
export const LOAD_FAILED = 'Could not load the certificates';

const CERTIFICATES = 'certificates';
const NEWEST_FIRST: SortPayload = { field: 'issuedAt', order: 'DESC' };
const CERTIFICATES_PAGE_SIZE = 25;

/** The learner site's public verification page: another app on this origin, outside /studio. */
const certificatePageUrl = (id: string) => `/certificates/${encodeURIComponent(id)}`;

// The screen shows its own error; react-admin's default error toast would say it twice.
const quiet = () => {};

/**
 * Studio → Certificates: the `certificates` resource, newest first, as a table with the ID (a link
 * to the learner site's public verification page), the learner (their e-mail for admins; the API sends the studio
 * role only the user id), the challenge, the issue time and a Revoked chip; admins also see why one was revoked,
 * and get Revoke.
 */
export const CertificateList = () => (
  <ListBase<Certificate>
    resource={CERTIFICATES}
    sort={NEWEST_FIRST}
    perPage={CERTIFICATES_PAGE_SIZE}
    queryOptions={{ onError: quiet }}
  >
    <Title title="Certificates" />
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Certificates
      </Typography>
      <CertificateTable />
    </Box>
  </ListBase>
);

const CertificateTable = () => {
  const { data, error, isPending } = useListContext<Certificate>();
  const { permissions } = usePermissions<string[]>();
  const isAdmin = Array.isArray(permissions) && permissions.includes(ADMIN_ROLE);

  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading certificates" />
      </Box>
    );
  if (error) return <Alert severity="error">{`${LOAD_FAILED}: ${apiErrorMessage(error, 'unknown error')}`}</Alert>;
  if (!data?.length) return <Typography color="text.secondary">{NO_CERTIFICATES}</Typography>;

  return (
    <>
      {/* On a phone the table scrolls inside its own box instead of widening the page (the layout's
          content column would otherwise grow to the table's width). */}
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" aria-label="Certificates">
          <FunctionField<Certificate>
            source="id"
            label="ID"
            sortable={false}
            render={(certificate) => (
              <Link
                href={certificatePageUrl(certificate.id)}
                target="_blank"
                rel="noopener"
                sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
              >
                {certificate.id}
              </Link>
            )}
          />
          <FunctionField<Certificate>
            source="userEmail"
            label="User"
            sortable={false}
            render={(certificate) => certificate.userEmail ?? certificate.userId}
          />
          <TextField source="challengeId" label="Challenge" sortable={false} />
          <FunctionField<Certificate>
            source="issuedAt"
            label="Issued"
            render={(certificate) => formatWhen(certificate.issuedAt)}
          />
          <FunctionField<Certificate>
            source="revoked"
            label="Status"
            sortable={false}
            render={(certificate) =>
              certificate.revoked ? (
                <Box>
                  <Chip size="small" color="error" variant="outlined" label="Revoked" />
                  {certificate.revokedReason && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                      {certificate.revokedReason}
                    </Typography>
                  )}
                </Box>
              ) : (
                <Chip size="small" variant="outlined" label="Active" />
              )
            }
          />
          {isAdmin && (
            <FunctionField<Certificate>
              label="Actions"
              textAlign="right"
              sortable={false}
              render={(certificate) => (certificate.revoked ? null : <RevokeButton certificate={certificate} />)}
            />
          )}
        </Datagrid>
      </Box>
      <Pagination rowsPerPageOptions={[CERTIFICATES_PAGE_SIZE]} />
    </>
  );
};
