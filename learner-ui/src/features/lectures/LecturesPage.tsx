import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { errorMessage } from '../../api';
import { useAuth } from '../auth/auth-context';
import { useEntitlements, usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { LectureSectionCard } from './components/LectureSectionCard';
import { useLectureScripts, useMediaFiles, useSynthesizeSection } from './hooks';
import { sectionMedia } from './lecture-media';
import { useLectureSubject } from './useLectureSubject';
import { usePlayAll } from './usePlayAll';

/** Speech rate slider (spec §9): 0.5 to 1.5, step 0.05, default 1. */
export const RATE_MIN = 0.5;
export const RATE_MAX = 1.5;
export const RATE_STEP = 0.05;
export const RATE_DEFAULT = 1;

/** /lectures?subject: the subject's lecture sections, played one by one or all in a row. */
export function LecturesPage() {
  const [subject, setSubject] = useLectureSubject();
  // A new subject starts afresh: nothing playing, no generated files of the old one.
  return <Lectures key={subject} subject={subject} onSubjectChange={setSubject} />;
}

function Lectures({ subject, onSubjectChange }: { subject: string; onSubjectChange: (s: string) => void }) {
  const { isAuthenticated, hasRole } = useAuth();
  const isStudio = hasRole('studio');
  const subjects = usePublishedSubjects();
  const entitlements = useEntitlements();
  const scripts = useLectureScripts(subject);
  const files = useMediaFiles(subject);
  const synthesize = useSynthesizeSection();

  const [rate, setRate] = useState(RATE_DEFAULT);
  const [voiceId, setVoiceId] = useState('');
  const [generated, setGenerated] = useState<Record<string, string>>({});
  const [generating, setGenerating] = useState<Record<string, boolean>>({});
  const [generateErrors, setGenerateErrors] = useState<Record<string, string>>({});
  const mediaElements = useRef(new Map<string, HTMLMediaElement>());
  const rateLabelId = useId();

  const sections = useMemo(() => scripts.data ?? [], [scripts.data]);
  const mediaBySection = useMemo(
    () => new Map(sections.map((s) => [s.id, sectionMedia(s, files.data ?? [], generated[s.id])])),
    [sections, files.data, generated],
  );

  const registerMedia = useCallback((sectionId: string, element: HTMLMediaElement | null) => {
    if (element) mediaElements.current.set(sectionId, element);
    else mediaElements.current.delete(sectionId);
  }, []);
  const mediaFor = useCallback((sectionId: string) => mediaElements.current.get(sectionId) ?? null, []);
  const player = usePlayAll(sections, mediaFor, rate);
  const playingAll = player.current !== null;

  const subjectOptions = useMemo(() => {
    const list = (subjects.data ?? []).map((s) => ({ id: s.id, name: s.name }));
    if (!list.some((s) => s.id === subject)) list.push({ id: subject, name: subject });
    return list;
  }, [subjects.data, subject]);
  const subjectName = subjectOptions.find((s) => s.id === subject)?.name ?? subject;

  const owns = isStudio || (entitlements.data ?? []).some((e) => e.subjectId === subject && e.status === 'active');
  const showPreviewNote = !isAuthenticated || (entitlements.isSuccess && !owns);

  const generate = (sectionId: string) => {
    setGenerating((g) => ({ ...g, [sectionId]: true }));
    setGenerateErrors(({ [sectionId]: _dropped, ...rest }) => rest);
    synthesize.mutate(
      { subject, sectionId, voiceId },
      {
        onSuccess: ({ url }) => {
          setGenerated((g) => ({ ...g, [sectionId]: url }));
          // Play the new recording once React has put it in the player.
          requestAnimationFrame(() => {
            const element = mediaElements.current.get(sectionId);
            if (!element) return;
            element.defaultPlaybackRate = rate;
            element.playbackRate = rate;
            element.play().catch(() => {});
          });
        },
        onError: (err) =>
          setGenerateErrors((e) => ({ ...e, [sectionId]: errorMessage(err, 'Generating the MP3 failed.') })),
        onSettled: () => setGenerating(({ [sectionId]: _done, ...rest }) => rest),
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        Lectures
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {subjectName}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'stretch', md: 'center' }, flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label="Subject"
            value={subject}
            onChange={(event) => onSubjectChange(event.target.value)}
            sx={{ width: { xs: '100%', md: 240 } }}
          >
            {subjectOptions.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>

          <Box sx={{ minWidth: 200, flexGrow: 1 }}>
            <Typography id={rateLabelId} variant="body2" gutterBottom>
              Speech rate: {rate.toFixed(2)}x
            </Typography>
            <Slider
              aria-labelledby={rateLabelId}
              value={rate}
              min={RATE_MIN}
              max={RATE_MAX}
              step={RATE_STEP}
              onChange={(_event, value) => setRate(Array.isArray(value) ? value[0] : value)}
              getAriaValueText={(value) => `${value.toFixed(2)} times`}
              valueLabelDisplay="auto"
            />
          </Box>

          {isStudio && (
            <TextField
              size="small"
              label="Server voice id"
              value={voiceId}
              onChange={(event) => setVoiceId(event.target.value)}
              helperText="Optional; the engine's default voice when empty"
              sx={{ width: { xs: '100%', md: 240 } }}
            />
          )}

          <Button
            variant="contained"
            size="large"
            startIcon={playingAll ? <StopIcon /> : <PlayArrowIcon />}
            onClick={playingAll ? player.stop : player.start}
            disabled={!playingAll && sections.length === 0}
            sx={{ flexShrink: 0 }}
          >
            {playingAll ? 'Stop' : 'Play All'}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {playingAll
            ? `Playing section ${player.current! + 1} of ${sections.length}${player.speaking ? ' (browser speech)' : ''}`
            : 'Sections with a recording play it; the others are read aloud by your browser.'}
        </Typography>
      </Paper>

      {showPreviewNote && sections.length > 0 && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={`/shop?subject=${encodeURIComponent(subject)}`}
            >
              Shop
            </Button>
          }
        >
          This is the free preview: the first lectures of the course. Buy the course to hear every lecture.
        </Alert>
      )}

      {scripts.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading lectures" />
        </Box>
      ) : scripts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void scripts.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(scripts.error, 'The lectures could not be loaded.')}
        </Alert>
      ) : sections.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography component="h2" variant="h6">
            No lectures yet
          </Typography>
          <Typography color="text.secondary">This course has no lecture sections yet.</Typography>
        </Paper>
      ) : (
        <Stack spacing={2} component="section" aria-label="Lecture sections">
          {sections.map((section, index) => (
            <LectureSectionCard
              key={section.id}
              section={section}
              index={index}
              media={mediaBySection.get(section.id) ?? { video: null, audio: null }}
              rate={rate}
              playing={player.current === index}
              speaking={player.current === index && player.speaking}
              registerMedia={registerMedia}
              studio={
                isStudio
                  ? {
                      generating: !!generating[section.id],
                      error: generateErrors[section.id] ?? null,
                      onGenerate: () => generate(section.id),
                    }
                  : undefined
              }
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
