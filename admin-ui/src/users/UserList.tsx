import { useId, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  HttpError,
  List,
  SearchInput,
  type SortPayload,
  Title,
  useListContext,
  usePermissions,
  useRefresh,
} from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { ADMIN_ROLE } from '../providers/authProvider';
import { AccessPanel } from './AccessPanel';
import { EditRolesDialog } from './EditRolesDialog';
import type { Role, User } from './usersMethods';

export const NEEDS_ADMIN = 'Managing users needs the admin role. Ask an admin to grant it to you.';
export const NO_USERS = 'No users yet.';
export const NO_MATCH = 'No users match the search.';

const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
const USERS_PER_PAGE = 25;

// The list shows its own error (a 403 as "needs the admin role"); react-admin's default error toast would
// say it twice. A 401 still signs out: the data provider's hooks call authProvider.checkError.
const quiet = () => {};

const ROLE_COLOR: Record<Role, 'default' | 'primary' | 'secondary' | 'success'> = {
  learner: 'default',
  studio: 'primary',
  admin: 'secondary',
  clinician: 'success',
};

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by email" />];

/**
 * Studio → Users (admins only): the `users` resource as a react-admin list of cards (email, a
 * verified tick, role badges), each with Edit Roles and a Manage access / Hide access panel for
 * tags, module unlocks and the user's latest audit entries.
 */
export const UserList = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Users
      </Typography>
      {isPending ? (
        <Box role="status" aria-label="Loading users" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      ) : !Array.isArray(permissions) || !permissions.includes(ADMIN_ROLE) ? (
        <NeedsAdmin />
      ) : (
        <List<User>
          title="Users"
          sort={NEWEST_FIRST}
          perPage={USERS_PER_PAGE}
          filters={filters}
          actions={false}
          exporter={false}
          empty={<Typography color="text.secondary">{NO_USERS}</Typography>}
          queryOptions={{ onError: quiet }}
          sx={{ '& .RaList-content': { boxShadow: 'none', bgcolor: 'transparent' } }}
        >
          <UserCards />
        </List>
      )}
    </Box>
  );
};

const NeedsAdmin = () => (
  <>
    <Title title="Users" />
    <Alert severity="info">{NEEDS_ADMIN}</Alert>
  </>
);

const UserCards = () => {
  const { data, error, isPending, filterValues } = useListContext<User>();
  if (isPending) {
    return (
      <Box role="status" aria-label="Loading users" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (error) {
    if (error instanceof HttpError && error.status === 403) return <NeedsAdmin />;
    return (
      <Alert severity="error">Could not load the users: {apiErrorMessage(error, 'no answer from the server')}</Alert>
    );
  }
  if (!data?.length) {
    return <Typography color="text.secondary">{filterValues?.q ? NO_MATCH : NO_USERS}</Typography>;
  }
  return (
    <Box component="ul" aria-label="Users" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {data.map((user) => (
        <Box component="li" key={user.id} sx={{ minWidth: 0 }}>
          <UserCard user={user} />
        </Box>
      ))}
    </Box>
  );
};

const UserCard = ({ user }: { user: User }) => {
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const [showAccess, setShowAccess] = useState(false);
  const emailId = useId();
  const panelId = useId();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Typography id={emailId} component="h2" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
              {user.verified ? (
                <CheckCircleIcon color="success" fontSize="small" titleAccess="Verified" />
              ) : (
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  not verified
                </Typography>
              )}
            </Stack>
            <Stack
              direction="row"
              role="list"
              aria-label={`Roles of ${user.email}`}
              sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}
            >
              {user.roles.length === 0 ? (
                <Typography role="listitem" variant="body2" color="text.secondary">
                  no roles
                </Typography>
              ) : (
                user.roles.map((role) => (
                  <Chip
                    key={role}
                    role="listitem"
                    size="small"
                    label={role}
                    color={ROLE_COLOR[role]}
                    variant={role === 'learner' ? 'outlined' : 'filled'}
                  />
                ))
              )}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<EditIcon aria-hidden />}
              onClick={() => setEditing(true)}
              aria-describedby={emailId}
            >
              Edit Roles
            </Button>
            <Button
              size="small"
              startIcon={showAccess ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
              onClick={() => setShowAccess((open) => !open)}
              aria-expanded={showAccess}
              aria-controls={showAccess ? panelId : undefined}
              aria-describedby={emailId}
            >
              {showAccess ? 'Hide access' : 'Manage access'}
            </Button>
          </Stack>
        </Stack>
        {showAccess && <AccessPanel user={user} id={panelId} />}
      </CardContent>
      {editing && (
        <EditRolesDialog
          user={user}
          open
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
        />
      )}
    </Card>
  );
};
