import { useEffect, useRef, useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { ArrayInput, Form, LinkBase, SimpleFormIterator, TextInput, Title, useBasename, useNotify } from 'react-admin';
import { type FieldValues, type UseFormReturn, useFormContext, useFormState } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';

import { DEFAULT_SUBJECT, learnerPreviewUrl } from '../shared/editorPath';
import { type DraftNode, VARIANT_KEYS } from './authoring';
import { ConflictDialog } from './ConflictDialog';
import { QuizInput } from './QuizInput';
import { RichHtmlInput } from './richText/RichHtmlInput';
import { StructureInputs } from './StructureInputs';
import { UnsavedChangesBar } from './UnsavedChangesBar';
import { type SaveOutcome, toSave, useDraftNode } from './useDraftNode';

export const SAVE_FAILED = 'Unable to save changes. Please try again.';
export const SAVED_TITLE = 'Changes saved';
export const SAVED_TEXT = 'Node content has been updated successfully.';
const CONFLICT = 'conflict';

const TABS = [
  { value: 'summary', label: 'Summary', fields: ['summary_html'] },
  { value: 'lesson', label: 'Lesson', fields: ['lesson_html'] },
  { value: 'variants', label: 'Variants', fields: ['variants'] },
  { value: 'quiz', label: 'Quiz', fields: ['quiz'] },
  { value: 'structure', label: 'Structure', fields: ['moduleId', 'prerequisites', 'video'] },
  { value: 'sources', label: 'Sources', fields: ['sources'] },
] as const;
type TabName = (typeof TABS)[number]['value'];

const VARIANT_LABELS = {
  beginner: 'Beginner',
  advanced: 'Advanced',
  practical: 'Practical',
  theoretical: 'Theoretical',
};

/** The tab holding a form path (`quiz.1.correct` → quiz), or null for the title and unknown paths. */
const tabOf = (path: string): TabName | null =>
  TABS.find((tab) => (tab.fields as readonly string[]).includes(path.split('.')[0]))?.value ?? null;

/** The errors react-hook-form holds, as paths (`quiz.1.correct`), the server's whole-form one left out. */
const errorPaths = (errors: FieldValues, prefix = ''): string[] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (key === 'root' && !prefix) return [];
    if (!value || typeof value !== 'object') return [];
    if (typeof (value as { message?: unknown }).message === 'string') return [`${prefix}${key}`];
    return errorPaths(value as FieldValues, `${prefix}${key}.`);
  });

/** What a refused or conflicting save sets on the form: the message at its field, and the whole-form message. */
const formErrors = (outcome: SaveOutcome) => {
  if (outcome.outcome === 'saved') return undefined;
  if (outcome.outcome === 'conflict') return { root: { serverError: CONFLICT } };
  return {
    ...(outcome.field ? { [outcome.field]: outcome.message } : {}),
    root: { serverError: outcome.message },
  };
};

/** /studio/editor/:id?subject=: everything a learner sees of one topic, edited in the subject's draft. */
export const NodeEditor = () => {
  const { id: nodeId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const subjectId = searchParams.get('subject')?.trim() || DEFAULT_SUBJECT;
  const basename = useBasename();
  const notify = useNotify();
  const node = useDraftNode(nodeId, subjectId);
  const { load, conflict } = node;
  const form = useRef<UseFormReturn | null>(null);
  const [overwriting, setOverwriting] = useState(false);

  const report = (outcome: SaveOutcome) => {
    if (outcome.outcome === 'saved') {
      notify(
        <Alert severity="success" variant="filled">
          <AlertTitle>{SAVED_TITLE}</AlertTitle>
          {SAVED_TEXT}
        </Alert>,
        { type: 'success' },
      );
    } else if (outcome.outcome === 'refused') {
      notify(SAVE_FAILED, { type: 'error' });
    }
    return formErrors(outcome);
  };

  const submit = async (values: FieldValues) => {
    // Enter in a text field submits the form too: nothing to save while nothing changed
    if (!form.current?.formState.isDirty) return undefined;
    return report(await node.save(toSave(values as DraftNode)));
  };

  const overwrite = async () => {
    setOverwriting(true);
    const outcome = await node.overwrite();
    setOverwriting(false);
    if (!outcome) return;
    const errors = report(outcome);
    if (errors && form.current) {
      for (const [name, message] of Object.entries(errors)) {
        if (typeof message === 'string') form.current.setError(name, { type: 'server', message });
      }
      form.current.setError('root.serverError', { type: 'server', message: errors.root.serverError });
    }
  };

  const versionsLink = `${basename}/versions?subject=${encodeURIComponent(subjectId)}`;
  const backLink = (
    <Button component={LinkBase} to={versionsLink} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Back to Versions
    </Button>
  );

  if (load.state === 'loading') {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="Node Editor" />
        <Box role="status" aria-label="Loading node" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      </Box>
    );
  }

  if (load.state === 'not-found' || load.state === 'error') {
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <Title title="Node Editor" />
        {backLink}
        <Typography variant="h4" component="h1" gutterBottom>
          {load.state === 'not-found' ? 'Node not found' : 'Node Editor'}
        </Typography>
        {load.state === 'not-found' ? (
          <Typography color="text.secondary">
            There is no node “{nodeId}” in the subject {subjectId}.
          </Typography>
        ) : (
          <Alert severity="error">Could not load the node: {load.message}</Alert>
        )}
      </Box>
    );
  }

  const record = load.node;
  return (
    <Box sx={{ mt: 2, mb: 12, maxWidth: 1000, minWidth: 0 }}>
      <Title title={`Edit: ${record.title}`} />
      {backLink}
      <Form record={record} onSubmit={submit} warnWhenUnsavedChanges noValidate>
        <CaptureForm formRef={form} />
        <EditorBody record={record} subjectId={subjectId} />
      </Form>
      {conflict && (
        <ConflictDialog
          mine={conflict.mine}
          current={conflict.current}
          busy={overwriting}
          onReload={node.reloadTheirs}
          onOverwrite={() => void overwrite()}
          onClose={node.dismissConflict}
        />
      )}
    </Box>
  );
};

/** Keeps the form's methods where the conflict dialog's overwrite can set a refusal on them. */
const CaptureForm = ({ formRef }: { formRef: { current: UseFormReturn | null } }) => {
  const methods = useFormContext();
  useEffect(() => {
    formRef.current = methods;
  }, [formRef, methods]);
  return null;
};

const TabPanel = ({ name, tab, children }: { name: TabName; tab: TabName; children: ReactNode }) => (
  // every panel stays mounted (hidden), so its inputs and rich-text editors keep their state
  <Box role="tabpanel" id={`editor-panel-${name}`} aria-labelledby={`editor-tab-${name}`} hidden={tab !== name}>
    {children}
  </Box>
);

const EditorBody = ({ record, subjectId }: { record: DraftNode; subjectId: string }) => {
  const { isDirty, isSubmitting, errors } = useFormState();
  const [tab, setTab] = useState<TabName>('summary');
  const serverError = errors.root?.serverError?.message;
  const paths = errorPaths(errors);
  const firstErrorTab = paths.map(tabOf).find((t): t is TabName => t !== null) ?? null;

  // a refusal names a field: show the tab it is on (once per refusal, then the author moves freely)
  const [shownError, setShownError] = useState(serverError);
  if (serverError !== shownError) {
    setShownError(serverError);
    if (firstErrorTab) setTab(firstErrorTab);
  }

  const saveButton = (
    <Button
      type="submit"
      variant="contained"
      disabled={!isDirty || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
    >
      Save
    </Button>
  );
  const preview = (
    <Button
      component="a"
      href={learnerPreviewUrl(record.id, subjectId)}
      target="_blank"
      rel="noopener"
      variant="outlined"
      startIcon={<OpenInNewIcon />}
    >
      Preview as learner
    </Button>
  );

  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {record.title}
        </Typography>
        {isDirty && <Chip color="warning" label="Unsaved Changes" />}
        {record.retired && <Chip label="Retired" />}
        {record.created && <Chip color="info" label="New topic" />}
        <Box sx={{ flexGrow: 1 }} />
        {isDirty ? (
          <Tooltip title="The preview shows the saved draft: save first to see these changes">{preview}</Tooltip>
        ) : (
          preview
        )}
        {saveButton}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {record.id} · {record.subjectId}
        {record.hasOverlay ? ' · has unpublished changes' : ''}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Edits are saved to the content overlay, not to the live content. Learners see them only after the changes are
        published on the Versions screen.
      </Alert>
      {serverError && serverError !== CONFLICT && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {serverError}
        </Alert>
      )}

      <TextInput source="title" label="Title" fullWidth helperText="The topic's title, as learners see it" />

      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => setTab(value)}
          aria-label="Node content"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`editor-tab-${t.value}`}
              aria-controls={`editor-panel-${t.value}`}
              sx={paths.some((p) => tabOf(p) === t.value) ? { color: 'error.main' } : undefined}
            />
          ))}
        </Tabs>
        <CardContent sx={{ minWidth: 0 }}>
          <TabPanel name="summary" tab={tab}>
            <RichHtmlInput
              source="summary_html"
              label="Summary"
              helperText="The short summary: its start is the graph card's excerpt"
            />
          </TabPanel>
          <TabPanel name="lesson" tab={tab}>
            <RichHtmlInput source="lesson_html" label="Lesson" helperText="The lesson on the topic page" />
          </TabPanel>
          <TabPanel name="variants" tab={tab}>
            {VARIANT_KEYS.map((key) => (
              <RichHtmlInput key={key} source={`variants.${key}`} label={VARIANT_LABELS[key]} />
            ))}
          </TabPanel>
          <TabPanel name="quiz" tab={tab}>
            <QuizInput />
          </TabPanel>
          <TabPanel name="structure" tab={tab}>
            <StructureInputs nodeId={record.id} subjectId={subjectId} />
          </TabPanel>
          <TabPanel name="sources" tab={tab}>
            <ArrayInput source="sources" label="Sources">
              <SimpleFormIterator inline disableReordering>
                <TextInput source="title" label="Title" helperText={false} />
                <TextInput source="url" label="URL" type="url" helperText={false} />
                <TextInput source="type" label="Type" helperText={false} placeholder="article" />
              </SimpleFormIterator>
            </ArrayInput>
          </TabPanel>
        </CardContent>
      </Card>

      {isDirty && <UnsavedChangesBarInForm saving={isSubmitting} />}
    </>
  );
};

/** The floating "Save Now" bar submits the form like the Save button. */
const UnsavedChangesBarInForm = ({ saving }: { saving: boolean }) => {
  const ref = useRef<HTMLSpanElement>(null);
  return (
    <span ref={ref}>
      <UnsavedChangesBar saving={saving} onSave={() => ref.current?.closest('form')?.requestSubmit()} />
    </span>
  );
};
