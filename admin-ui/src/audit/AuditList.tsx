import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import {
  Datagrid,
  FilterForm,
  FunctionField,
  ListBase,
  Pagination,
  SelectInput,
  type SortPayload,
  TextInput,
  Title,
  useListContext,
  usePermissions,
} from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { ADMIN_ROLE } from '../providers/authProvider';
import { formatWhen } from '../shared/formatWhen';
import { AUDIT_ACTION_CHOICES, AUDIT_ACTION_LABELS, type AuditEntry, describeAuditEntry } from './auditLabels';

export const NEEDS_ADMIN = 'The audit trail is for admins. Ask an admin to grant you the role.';
export const NO_ENTRIES = 'No changes recorded yet.';
export const NO_MATCH = 'No changes match the filters.';
export const LOAD_FAILED = 'Could not load the audit trail';

const AUDIT = 'audit';
const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
const AUDIT_PAGE_SIZE = 25;

const filters = [
  <SelectInput key="action" source="action" label="Action" choices={AUDIT_ACTION_CHOICES} alwaysOn />,
  <TextInput key="actorId" source="actorId" label="Actor (user id)" alwaysOn resettable />,
];

// The screen shows its own error; react-admin's default error toast would say it twice.
const quiet = () => {};

/** What an entry was done to, in a word: the user's e-mail, the job, or the generic target. */
const targetOf = (e: AuditEntry): string =>
  e.targetEmail ?? e.targetUserId ?? e.targetJobId ?? (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '');

/**
 * Studio → Audit (admins only, from the menu): every change staff made (users' access, jobs, versions, course
 * visibility, media, certificates, grades, the queue dashboard), newest first, filtered by action and actor.
 */
export const AuditList = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Audit" />
      <Typography variant="h5" component="h1" gutterBottom>
        Audit
      </Typography>
      {isPending ? (
        <Box role="status" aria-label="Loading audit" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : !Array.isArray(permissions) || !permissions.includes(ADMIN_ROLE) ? (
        <Alert severity="info">{NEEDS_ADMIN}</Alert>
      ) : (
        <ListBase<AuditEntry>
          resource={AUDIT}
          sort={NEWEST_FIRST}
          perPage={AUDIT_PAGE_SIZE}
          queryOptions={{ onError: quiet }}
        >
          <FilterForm filters={filters} />
          <AuditTable />
        </ListBase>
      )}
    </Box>
  );
};

// On a phone the table scrolls sideways rather than breaking words letter by letter; ids still wrap anywhere.
const WORDS = { minWidth: '10rem', overflowWrap: 'anywhere' } as const;

const AuditTable = () => {
  const { data, error, isPending, filterValues, setFilters } = useListContext<AuditEntry>();
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading changes" />
      </Box>
    );
  if (error) return <Alert severity="error">{`${LOAD_FAILED}: ${apiErrorMessage(error, 'unknown error')}`}</Alert>;
  if (!data?.length)
    return (
      <Typography color="text.secondary">{Object.keys(filterValues ?? {}).length ? NO_MATCH : NO_ENTRIES}</Typography>
    );
  return (
    <>
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" aria-label="Changes">
          <FunctionField<AuditEntry> source="createdAt" label="When" render={(e) => formatWhen(e.createdAt)} />
          <FunctionField<AuditEntry>
            source="action"
            label="Action"
            sortable={false}
            render={(e) => AUDIT_ACTION_LABELS[e.action] ?? e.action}
          />
          <FunctionField<AuditEntry>
            label="Change"
            sortable={false}
            render={(e) => (
              <Typography variant="body2" sx={WORDS}>
                {describeAuditEntry(e)}
              </Typography>
            )}
          />
          <FunctionField<AuditEntry>
            label="Target"
            sortable={false}
            render={(e) => (
              <Typography variant="body2" sx={WORDS}>
                {targetOf(e)}
              </Typography>
            )}
          />
          <FunctionField<AuditEntry>
            source="actorId"
            label="By"
            sortable={false}
            render={(e) => (
              <Button
                size="small"
                sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
                title="Only this actor's changes"
                onClick={() => setFilters({ ...filterValues, actorId: e.actorId }, {})}
              >
                {e.actorEmail ?? 'a removed account'}
              </Button>
            )}
          />
        </Datagrid>
      </Box>
      <Pagination rowsPerPageOptions={[AUDIT_PAGE_SIZE]} />
    </>
  );
};
