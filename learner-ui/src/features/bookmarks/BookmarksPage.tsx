import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { errorMessage, type Bookmark } from '../../api';
import { formatDate, isWithinLastWeek } from '../common/dates';
import { StatsAndSearch } from '../common/StatsAndSearch';
import { ARCHIVED_TOPIC, ArchivedTopicChip } from '../common/ArchivedTopicChip';
import { nodePath } from '../graph/links';
import { CourseFilter } from '../common/CourseFilter';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { useToast } from '../toast/toast-context';
import { useBookmarks, useRemoveBookmark } from './hooks';

/**
 * /bookmarks?subject: saved topics grouped by subject, with search and stats. With a course chosen in the
 * header, that course's; without, every course's with a course filter (the spec's hard-coded default
 * course is gone).
 */
export function BookmarksPage() {
  const [subjectParam] = useSubjectParam();
  const bookmarks = useBookmarks(subjectParam);
  const subjects = usePublishedSubjects();
  const removeBookmark = useRemoveBookmark();
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const [course, setCourse] = useState<string | null>(null);

  const loaded = useMemo(() => bookmarks.data ?? [], [bookmarks.data]);
  const subjectName = useCallback(
    (id: string) => {
      const s = subjects.data?.find((x) => x.id === id);
      return s?.title || s?.name || id;
    },
    [subjects.data],
  );
  const courses = useMemo(
    () => [...new Set(loaded.map((b) => b.subjectId))].map((id) => ({ id, name: subjectName(id) })),
    [loaded, subjectName],
  );
  const filter = subjectParam || !courses.some((c) => c.id === course) ? null : course;
  const all = useMemo(() => (filter ? loaded.filter((b) => b.subjectId === filter) : loaded), [loaded, filter]);
  const groups = useMemo(() => {
    const term = search.trim().toLowerCase();
    const byId = new Map<string, Bookmark[]>();
    for (const b of all) {
      if (term && ![b.nodeTitle, b.nodeCategory, b.nodeId].some((t) => t.toLowerCase().includes(term))) {
        continue;
      }
      const list = byId.get(b.subjectId) ?? [];
      list.push(b);
      byId.set(b.subjectId, list);
    }
    return [...byId.entries()];
  }, [all, search]);
  const subjectCount = new Set(all.map((b) => b.subjectId)).size;
  const thisWeek = all.filter((b) => isWithinLastWeek(b.createdAt)).length;

  const remove = (b: Bookmark) =>
    removeBookmark.mutate(b, {
      onSuccess: () => toast({ title: 'Bookmark removed', variant: 'success' }),
      onError: (err) =>
        toast({
          title: 'Bookmark not removed',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <Box>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        My Bookmarks
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Topics you saved to come back to.
      </Typography>

      <StatsAndSearch
        stats={[
          { label: 'Total Bookmarks', value: all.length },
          { label: 'Subjects', value: subjectCount },
          { label: 'This Week', value: thisWeek },
        ]}
        loading={bookmarks.isLoading}
        searchLabel="Search bookmarks"
        search={search}
        onSearchChange={setSearch}
      />

      {!subjectParam && <CourseFilter courses={courses} value={filter} onChange={setCourse} />}

      {bookmarks.isLoading ? (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          aria-busy="true"
          aria-label="Loading bookmarks"
          data-testid="bookmarks-loading"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={48} sx={{ my: 1 }} />
          ))}
        </Paper>
      ) : bookmarks.isError ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {errorMessage(bookmarks.error, 'Your bookmarks could not be loaded.')}
          </Typography>
          <Button sx={{ mt: 2 }} onClick={() => void bookmarks.refetch()}>
            Try again
          </Button>
        </Paper>
      ) : groups.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <BookmarksOutlinedIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {all.length === 0 ? 'No bookmarks yet' : 'No bookmarks found'}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {all.length === 0 ? 'Use Bookmark on any topic page to save it here.' : 'Try a different search.'}
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={3}>
          {groups.map(([sid, items]) => (
            <Paper key={sid} variant="outlined" component="section" aria-labelledby={`bookmarks-${sid}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2.5, pt: 2 }}>
                <Typography id={`bookmarks-${sid}`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  {subjectName(sid)}
                </Typography>
                <Chip size="small" label={items.length} aria-hidden />
              </Stack>
              <List>
                {items.map((b) => {
                  const title = b.nodeTitle || b.nodeId;
                  return (
                    <ListItem
                      key={b.id}
                      divider
                      aria-label={b.archived ? `${title}, ${ARCHIVED_TOPIC}` : title}
                      data-archived={b.archived || undefined}
                      secondaryAction={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          {/* a retired topic has no page to view: the bookmark stays, labelled */}
                          {!b.archived && (
                            <Button
                              component={RouterLink}
                              to={nodePath(b.nodeId, b.subjectId)}
                              size="small"
                              variant="outlined"
                            >
                              View
                            </Button>
                          )}
                          <Tooltip title="Remove bookmark">
                            <IconButton
                              aria-label={`Remove ${title}`}
                              onClick={() => remove(b)}
                              disabled={removeBookmark.isPending && removeBookmark.variables?.id === b.id}
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      }
                      sx={{ pr: b.archived ? 8 : 20 }}
                    >
                      <ListItemText
                        primary={title}
                        secondary={
                          <>
                            {b.archived && <ArchivedTopicChip sx={{ mr: 1 }} />}
                            {[b.nodeCategory, formatDate(b.createdAt)].filter(Boolean).join(' · ')}
                          </>
                        }
                        sx={{ overflowWrap: 'anywhere' }}
                      />
                    </ListItem>
                  );
                })}
              </List>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
