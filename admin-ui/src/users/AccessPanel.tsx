import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SortPayload, useDataProvider, useGetList, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { formatWhen } from '../shared/formatWhen';
import { SubjectSelect } from '../versions/SubjectSelect';
import { describeAuditEntry } from '../audit/auditLabels';
import type { AuditEntry, User } from './usersMethods';

/** The audit trail of admins' changes: the `audit` resource (`/api/admin/audit`, admin role). */
const AUDIT = 'audit';
const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
/** How many of a user's audit entries the panel shows. */
const RECENT_CHANGES = 10;
/** The spec's default subject for the unlock selector. */
const DEFAULT_UNLOCK_SUBJECT = 'metabolic';

/** react-query keys of a user's access panel. */
const accessKeys = {
  tags: (userId: string) => ['users', userId, 'tags'] as const,
  unlocks: (userId: string, subjectId: string) => ['users', userId, 'unlocks', subjectId] as const,
};

export const TAG_ADDED = 'Tag added';
export const TAG_ADD_FAILED = 'Failed to add tag';
export const TAG_REMOVED = 'Tag removed';
export const TAG_REMOVE_FAILED = 'Failed to remove tag';
export const TAG_UPDATED = 'Tag updated';
export const TAG_UPDATE_FAILED = 'Failed to update tag';
export const UNLOCK_ADDED = 'Unlock added';
export const UNLOCK_ADD_FAILED = 'Failed to add unlock';
export const UNLOCK_REMOVED = 'Unlock removed';
export const UNLOCK_REMOVE_FAILED = 'Failed to remove unlock';

/**
 * A user's access beyond roles: tags, module unlocks per subject, and the latest audit entries.
 * Each change shows the spec's toast, then reloads its section and the audit entries.
 */
export const AccessPanel = ({ user, id }: { user: User; id: string }) => (
  <Box
    id={id}
    role="region"
    aria-label={`Access of ${user.email}`}
    sx={{
      display: 'grid',
      gap: 3,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
      pt: 2,
      mt: 2,
      borderTop: 1,
      borderColor: 'divider',
    }}
  >
    <TagsSection userId={user.id} />
    <UnlocksSection userId={user.id} />
    <RecentChanges userId={user.id} />
  </Box>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const Loading = ({ label }: { label: string }) => (
  <Box role="status" aria-label={label} sx={{ py: 1 }}>
    <CircularProgress size={20} />
  </Box>
);

/**
 * One kind of change to a user's access (add a tag, remove an unlock, …): the spec's toast on success or
 * failure, then the section's own list and the audit entries load again.
 */
const useAccessChange = <Value,>(
  change: (value: Value) => Promise<unknown>,
  reload: readonly unknown[],
  done: string,
  failed: string,
) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => notify(done, { type: 'success' }),
    onError: () => notify(failed, { type: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reload }),
        queryClient.invalidateQueries({ queryKey: [AUDIT] }),
      ]),
  });
};

/** The item a section is changing now (`add`, or `remove:<key>`), or null: one change at a time. */
const busyWith = (add: { isPending: boolean }, remove: { isPending: boolean; variables?: string }) =>
  add.isPending ? 'add' : remove.isPending ? `remove:${remove.variables}` : null;

const AddForm = ({
  label,
  button,
  value,
  onChange,
  onSubmit,
  busy,
  disabled,
}: {
  label: string;
  button: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  disabled?: boolean;
}) => (
  <Stack
    component="form"
    direction="row"
    spacing={1}
    sx={{ alignItems: 'flex-start', mb: 1.5 }}
    onSubmit={(event: FormEvent) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', maxLength: 200 } }}
      sx={{ flexGrow: 1, minWidth: 0 }}
    />
    <Button
      type="submit"
      variant="outlined"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
    >
      {button}
    </Button>
  </Stack>
);

/** A list of removable values: each with an x button named "Remove …". */
const RemovableList = ({
  label,
  items,
  busy,
  onRemove,
}: {
  label: string;
  items: { key: string; text: string; removeLabel: string; extra?: ReactNode }[];
  busy: string | null;
  onRemove: (key: string) => void;
}) => (
  <Box
    component="ul"
    aria-label={label}
    sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
  >
    {items.map((item) => (
      <Box
        component="li"
        key={item.key}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          maxWidth: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 4,
          pl: 1.5,
          bgcolor: 'action.hover',
        }}
      >
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {item.text}
        </Typography>
        {item.extra}
        <Tooltip title={item.removeLabel}>
          <span>
            <IconButton
              size="small"
              aria-label={item.removeLabel}
              disabled={busy !== null}
              onClick={() => onRemove(item.key)}
            >
              {busy === `remove:${item.key}` ? (
                <CircularProgress size={14} aria-hidden />
              ) : (
                <CloseIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    ))}
  </Box>
);

const TagsSection = ({ userId }: { userId: string }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const key = accessKeys.tags(userId);
  const tags = useQuery({ queryKey: key, queryFn: () => dataProvider.tags(userId) });
  const add = useAccessChange((tag: string) => dataProvider.addTag(userId, tag), key, TAG_ADDED, TAG_ADD_FAILED);
  const remove = useAccessChange(
    (tag: string) => dataProvider.removeTag(userId, tag),
    key,
    TAG_REMOVED,
    TAG_REMOVE_FAILED,
  );
  const show = useAccessChange(
    ({ tag, learnerVisible }: { tag: string; learnerVisible: boolean }) =>
      dataProvider.setTagVisibility(userId, tag, learnerVisible),
    key,
    TAG_UPDATED,
    TAG_UPDATE_FAILED,
  );
  const busy = show.isPending ? `show:${show.variables.tag}` : busyWith(add, remove);
  const [draft, setDraft] = useState('');

  const addTag = () => {
    const tag = draft.trim();
    // A blank tag is ignored, as the spec says.
    if (!tag || busy) return;
    add.mutate(tag, { onSuccess: () => setDraft('') });
  };

  return (
    <Section title="Tags">
      <AddForm
        label="New tag"
        button="Add tag"
        value={draft}
        onChange={setDraft}
        onSubmit={addTag}
        busy={busy === 'add'}
      />
      {tags.isPending ? (
        <Loading label="Loading tags" />
      ) : tags.error ? (
        <Alert severity="error">Could not load the tags: {apiErrorMessage(tags.error, 'no answer')}</Alert>
      ) : tags.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tags.
        </Typography>
      ) : (
        <RemovableList
          label="Tags"
          busy={busy}
          onRemove={(tag) => {
            if (!busy) remove.mutate(tag);
          }}
          items={tags.data.map((t) => ({
            key: t.tag,
            text: t.source === 'gating' ? `${t.tag} (gating)` : t.tag,
            removeLabel: `Remove tag ${t.tag}`,
            // staff tags are about the learner: hidden from them unless shown here
            extra: (
              <FormControlLabel
                sx={{ ml: 1, mr: 0 }}
                label={<Typography variant="caption">Visible to learner</Typography>}
                control={
                  <Checkbox
                    size="small"
                    checked={
                      show.isPending && show.variables.tag === t.tag ? show.variables.learnerVisible : t.learnerVisible
                    }
                    disabled={busy !== null}
                    onChange={(event) => {
                      if (!busy) show.mutate({ tag: t.tag, learnerVisible: event.target.checked });
                    }}
                    slotProps={{ input: { 'aria-label': `Visible to learner: ${t.tag}` } }}
                  />
                }
              />
            ),
          }))}
        />
      )}
    </Section>
  );
};

const UnlocksSection = ({ userId }: { userId: string }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const [subjectId, setSubjectId] = useState(DEFAULT_UNLOCK_SUBJECT);
  const key = accessKeys.unlocks(userId, subjectId);
  const unlocks = useQuery({ queryKey: key, queryFn: () => dataProvider.unlocks(userId, subjectId) });
  const add = useAccessChange(
    (moduleId: string) => dataProvider.addUnlock(userId, { subjectId, moduleId }),
    key,
    UNLOCK_ADDED,
    UNLOCK_ADD_FAILED,
  );
  const remove = useAccessChange(
    (moduleId: string) => dataProvider.removeUnlock(userId, { subjectId, moduleId }),
    key,
    UNLOCK_REMOVED,
    UNLOCK_REMOVE_FAILED,
  );
  const busy = busyWith(add, remove);
  const [moduleId, setModuleId] = useState('');

  const addUnlock = () => {
    const module = moduleId.trim();
    // A blank module id is ignored, as the spec says.
    if (!module || busy) return;
    add.mutate(module, { onSuccess: () => setModuleId('') });
  };

  return (
    <Section title="Module Unlocks">
      <Box sx={{ mb: 1.5, '& .MuiTextField-root': { width: '100%', minWidth: 0 } }}>
        <SubjectSelect value={subjectId} onChange={setSubjectId} disabled={busy !== null} />
      </Box>
      <AddForm
        label="Module id"
        button="Add unlock"
        value={moduleId}
        onChange={setModuleId}
        onSubmit={addUnlock}
        busy={busy === 'add'}
      />
      {unlocks.isPending ? (
        <Loading label="Loading unlocks" />
      ) : unlocks.error ? (
        <Alert severity="error">Could not load the unlocks: {apiErrorMessage(unlocks.error, 'no answer')}</Alert>
      ) : unlocks.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No modules unlocked in this subject.
        </Typography>
      ) : (
        <RemovableList
          label="Unlocked modules"
          busy={busy}
          onRemove={(module) => {
            if (!busy) remove.mutate(module);
          }}
          items={unlocks.data.map((u) => ({
            key: u.moduleId,
            text: u.moduleId,
            removeLabel: `Remove unlock ${u.moduleId}`,
          }))}
        />
      )}
    </Section>
  );
};

const RecentChanges = ({ userId }: { userId: string }) => {
  const { data, error, isPending } = useGetList<AuditEntry>(AUDIT, {
    filter: { targetUserId: userId },
    sort: NEWEST_FIRST,
    pagination: { page: 1, perPage: RECENT_CHANGES },
  });
  return (
    <Section title="Recent changes">
      {isPending ? (
        <Loading label="Loading recent changes" />
      ) : error ? (
        <Alert severity="error">Could not load the changes: {apiErrorMessage(error, 'no answer')}</Alert>
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          No changes recorded yet.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Recent changes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.map((entry) => (
            <Box component="li" key={entry.id} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {describeAuditEntry(entry)}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {formatWhen(entry.createdAt)} by {entry.actorEmail ?? 'a removed account'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
};
