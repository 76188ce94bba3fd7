import { useState, type FormEvent } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useBasename, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { conflictOf, type Outline, type OutlineModule, type OutlineTopic, type RetiredNode } from '../editor/authoring';
import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { DEFAULT_SUBJECT, editorPath } from '../shared/editorPath';
import { SubjectSelect } from '../versions/SubjectSelect';
import { outlineKey, useOutline } from './useOutline';

export const OUTLINE_CONFLICT =
  'Someone else changed this outline since you loaded it, so your order was not saved. Reload it and make your change again.';

type Order = { id: string; title: string; topics: OutlineTopic[] }[];

const sameOrder = (a: Order, b: Order) =>
  a.length === b.length &&
  a.every((m, i) => m.id === b[i].id && m.topics.map((t) => t.id).join() === b[i].topics.map((t) => t.id).join());

/** A topic moved by one place in its module, or to the end of another module. */
const moved = (order: Order, topicId: string, to: { step: -1 | 1 } | { moduleId: string }): Order => {
  const from = order.findIndex((m) => m.topics.some((t) => t.id === topicId));
  if (from < 0) return order;
  const index = order[from].topics.findIndex((t) => t.id === topicId);
  const topic = order[from].topics[index];
  if ('step' in to) {
    const target = index + to.step;
    if (target < 0 || target >= order[from].topics.length) return order;
    const topics = [...order[from].topics];
    [topics[index], topics[target]] = [topics[target], topics[index]];
    return order.map((m, i) => (i === from ? { ...m, topics } : m));
  }
  if (to.moduleId === order[from].id) return order;
  return order.map((m, i) =>
    i === from
      ? { ...m, topics: m.topics.filter((t) => t.id !== topicId) }
      : m.id === to.moduleId
        ? { ...m, topics: [...m.topics, topic] }
        : m,
  );
};

/**
 * The course outline (Subjects screen): modules and their topics in reading order. Topics are added,
 * moved between modules, reordered (saved with If-Match of the outline shown), retired and restored;
 * each opens in the node editor. The chosen course is in the address (`?subject=`).
 */
export const CourseOutline = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const subjectId = searchParams.get('subject')?.trim() || DEFAULT_SUBJECT;
  const setSubject = (next: string) =>
    setSearchParams((params) => {
      params.set('subject', next);
      return params;
    });
  const outline = useOutline(subjectId);

  return (
    <Card variant="outlined" component="section" aria-labelledby="outline-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="outline-heading" variant="h6" component="h2" gutterBottom>
          Course Outline
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Modules and topics in the order learners meet them. Changes go to the draft and reach learners when the course
          is published.
        </Typography>
        <Box sx={{ mb: 2 }}>
          <SubjectSelect value={subjectId} onChange={setSubject} label="Course" />
        </Box>
        {outline.isPending && (
          <Box role="status" aria-label="Loading outline" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {outline.isError && (
          <Alert severity="error">
            Could not load the outline: {apiErrorMessage(outline.error, 'Please try again.')}
          </Alert>
        )}
        {outline.data && <OutlineEditor key={`${subjectId}\n${outline.data.etag}`} outline={outline.data} />}
      </CardContent>
    </Card>
  );
};

const OutlineEditor = ({ outline }: { outline: Outline }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const subjectId = outline.subjectId;
  const initial: Order = outline.modules.map((m: OutlineModule) => ({ id: m.id, title: m.title, topics: m.topics }));
  const [order, setOrder] = useState<Order>(initial);
  const [conflict, setConflict] = useState<Outline | null>(null);
  const [dropped, setDropped] = useState<{ title: string; from: string[] } | null>(null);
  const dirty = !sameOrder(order, initial);
  const key = outlineKey(subjectId);
  const titleOf = (id: string) => outline.modules.flatMap((m) => m.topics).find((t) => t.id === id)?.title ?? id;

  const save = useMutation({
    mutationFn: () =>
      dataProvider.saveOutline(
        subjectId,
        order.map((m) => ({ id: m.id, topicIds: m.topics.map((t) => t.id) })),
        outline.etag,
      ),
    onSuccess: (saved) => {
      notify('Outline saved', { type: 'success' });
      queryClient.setQueryData(key, saved);
    },
    onError: (error) => {
      const current = conflictOf<Outline>(error);
      if (current) setConflict(current);
      else notify(`Unable to save the outline: ${apiErrorMessage(error, 'Please try again.')}`, { type: 'error' });
    },
  });

  const retire = useMutation({
    mutationFn: ({ id, restore }: { id: string; restore?: boolean }) =>
      restore ? dataProvider.restoreNode(id, subjectId) : dataProvider.retireNode(id, subjectId),
    onSuccess: (node: RetiredNode, { restore }) => {
      notify(restore ? `Restored ${node.title}` : `Retired ${node.title}`, { type: 'success' });
      setDropped(!restore && node.droppedFrom?.length ? { title: node.title, from: node.droppedFrom } : null);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify(apiErrorMessage(error, 'Please try again.'), { type: 'error' }),
  });

  const busy = save.isPending || retire.isPending;
  const reload = () => {
    if (conflict) queryClient.setQueryData(key, conflict);
    else void queryClient.invalidateQueries({ queryKey: key });
    setConflict(null);
  };

  return (
    <Box>
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Reload
            </Button>
          }
        >
          {OUTLINE_CONFLICT}
        </Alert>
      )}
      {dropped && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setDropped(null)}>
          {dropped.title} was a prerequisite of {dropped.from.map(titleOf).join(', ')}: it was removed from their
          drafts.
        </Alert>
      )}
      {order.length === 0 && <Typography color="text.secondary">This course has no modules yet.</Typography>}

      {order.map((module, moduleIndex) => (
        <Box key={module.id} component="section" aria-labelledby={`outline-module-${module.id}`} sx={{ mb: 2 }}>
          <Typography id={`outline-module-${module.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {moduleIndex + 1}. {module.title}
          </Typography>
          {module.topics.length === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ ml: 2 }}>
              No topics in this module.
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label={`Topics of ${module.title}`}>
              {module.topics.map((topic, index) => (
                <TopicRow
                  key={topic.id}
                  topic={topic}
                  subjectId={subjectId}
                  modules={order}
                  moduleId={module.id}
                  first={index === 0}
                  last={index === module.topics.length - 1}
                  disabled={busy}
                  retireDisabled={busy || dirty}
                  onMove={(to) => setOrder((o) => moved(o, topic.id, to))}
                  onRetire={() => retire.mutate({ id: topic.id })}
                />
              ))}
            </Box>
          )}
        </Box>
      ))}

      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 3 }}>
        <Button variant="contained" onClick={() => save.mutate()} disabled={!dirty || busy}>
          {save.isPending ? 'Saving...' : 'Save order'}
        </Button>
        <Button onClick={() => setOrder(initial)} disabled={!dirty || busy}>
          Discard order changes
        </Button>
        {dirty && (
          <Typography variant="body2" color="warning.main" sx={{ alignSelf: 'center' }}>
            Unsaved order changes
          </Typography>
        )}
      </Stack>

      <AddTopicForm subjectId={subjectId} modules={order} disabled={busy || dirty} />

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
        Retired topics
      </Typography>
      {outline.retired.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          No retired topics.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Retired topics">
          {outline.retired.map((topic) => (
            <Stack
              component="li"
              key={topic.id}
              direction="row"
              alignItems="center"
              spacing={1}
              flexWrap="wrap"
              useFlexGap
              sx={{ py: 0.5 }}
            >
              <Typography sx={{ overflowWrap: 'anywhere' }}>{topic.title}</Typography>
              {topic.draft && <Chip size="small" color="warning" label="retired in draft" />}
              <Button
                size="small"
                onClick={() => retire.mutate({ id: topic.id, restore: true })}
                disabled={busy || dirty}
                aria-label={`Restore ${topic.title}`}
              >
                Restore
              </Button>
            </Stack>
          ))}
        </Box>
      )}
    </Box>
  );
};

const TopicRow = ({
  topic,
  subjectId,
  modules,
  moduleId,
  first,
  last,
  disabled,
  retireDisabled,
  onMove,
  onRetire,
}: {
  topic: OutlineTopic;
  subjectId: string;
  modules: Order;
  moduleId: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  retireDisabled: boolean;
  onMove: (to: { step: -1 | 1 } | { moduleId: string }) => void;
  onRetire: () => void;
}) => {
  const basename = useBasename();
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      alignItems={{ xs: 'stretch', sm: 'center' }}
      spacing={1}
      sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0 }} flexWrap="wrap" useFlexGap>
        <Link
          component={LinkBase}
          to={`${basename}${editorPath(topic.id, subjectId)}`}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {topic.title}
        </Link>
        {topic.created && <Chip size="small" color="info" label="new" />}
        {topic.draft && !topic.created && <Chip size="small" color="warning" label="draft" />}
      </Stack>
      <Stack direction="row" spacing={0.5} alignItems="center" sx={{ minWidth: 0 }}>
        <Tooltip title="Move up">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${topic.title} up`}
              disabled={disabled || first}
              onClick={() => onMove({ step: -1 })}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${topic.title} down`}
              disabled={disabled || last}
              onClick={() => onMove({ step: 1 })}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          select
          size="small"
          label="Module"
          value={moduleId}
          onChange={(event) => onMove({ moduleId: event.target.value })}
          disabled={disabled}
          fullWidth={false}
          sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 200 }, minWidth: 0 }}
        >
          {modules.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.title}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          color="error"
          onClick={onRetire}
          disabled={retireDisabled}
          aria-label={`Retire ${topic.title}`}
        >
          Retire
        </Button>
      </Stack>
    </Stack>
  );
};

/** Adds an empty topic to the end of a module; it opens in the editor from its row. */
const AddTopicForm = ({ subjectId, modules, disabled }: { subjectId: string; modules: Order; disabled: boolean }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [moduleId, setModuleId] = useState(modules[0]?.id ?? '');
  const add = useMutation({
    mutationFn: () => dataProvider.createNode(subjectId, { title: title.trim(), moduleId }),
    onSuccess: (node) => {
      notify(`Added ${node.title}`, { type: 'success' });
      setTitle('');
      void queryClient.invalidateQueries({ queryKey: outlineKey(subjectId) });
    },
    onError: (error) =>
      notify(`Unable to add the topic: ${apiErrorMessage(error, 'Please try again.')}`, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() && moduleId && !add.isPending) add.mutate();
  };
  if (modules.length === 0) return null;
  return (
    <Box component="form" onSubmit={submit} aria-label="Add a topic">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Add a topic
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
        <TextField
          size="small"
          label="New topic title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          sx={{ flex: { sm: 1 }, minWidth: { sm: 220 } }}
        />
        <TextField
          select
          size="small"
          label="Add to module"
          value={moduleId}
          onChange={(e) => setModuleId(e.target.value)}
          sx={{ width: { sm: 240 }, maxWidth: '100%' }}
        >
          {modules.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.title}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={disabled || add.isPending || !title.trim()}>
          {add.isPending ? 'Adding...' : 'Add topic'}
        </Button>
      </Stack>
    </Box>
  );
};
