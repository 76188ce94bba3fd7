import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TopicNode } from '../../../api';
import { HtmlContent } from '../HtmlContent';
import { useTopicLecture } from '../../graph/hooks';

const TABS = ['Summary', 'Variants', 'Sources', 'Video'] as const;
type TabName = (typeof TABS)[number];

const VARIANT_LABELS: [string, string][] = [
  ['beginner', 'Beginner'],
  ['advanced', 'Advanced'],
  ['practical', 'Practical'],
  ['theoretical', 'Theoretical'],
];

/** The topic's content: Summary (the lesson), Variants, Sources and Video. */
export function TopicTabs({ node, preview = false }: { node: TopicNode; preview?: boolean }) {
  const [tab, setTab] = useState<TabName>('Summary');
  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_e, v: TabName) => setTab(v)}
        aria-label="Topic content"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={t} id={`topic-tab-${t}`} aria-controls={`topic-panel-${t}`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`topic-panel-${tab}`}
        aria-labelledby={`topic-tab-${tab}`}
        sx={{ p: { xs: 2.5, sm: 3.5 } }}
      >
        {tab === 'Summary' && <SummaryTab node={node} />}
        {tab === 'Variants' && <VariantsTab node={node} />}
        {tab === 'Sources' && <SourcesTab node={node} />}
        {tab === 'Video' && <VideoTab node={node} preview={preview} />}
      </Box>
    </Paper>
  );
}

function SummaryTab({ node }: { node: TopicNode }) {
  const html = node.lesson_html || node.summary_html;
  if (!html) return <Typography color="text.secondary">No summary for this topic yet.</Typography>;
  return <HtmlContent html={html} testId="topic-summary-html" />;
}

function VariantsTab({ node }: { node: TopicNode }) {
  const present = VARIANT_LABELS.filter(([key]) => node.variants[key]);
  if (present.length === 0) return <Typography color="text.secondary">No variants for this topic yet.</Typography>;
  return (
    <Stack spacing={3}>
      {present.map(([key, label]) => (
        <Box key={key} component="section" aria-labelledby={`variant-${key}`}>
          <Typography id={`variant-${key}`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {label}
          </Typography>
          <HtmlContent html={node.variants[key]} />
        </Box>
      ))}
    </Stack>
  );
}

function SourcesTab({ node }: { node: TopicNode }) {
  // `url` is empty when the stored one was neither http(s) nor same-origin: the title shows as text.
  const sources = node.sources.filter((s) => s.title || s.url);
  if (sources.length === 0) return <Typography color="text.secondary">No sources for this topic yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Sources">
      {sources.map((s, i) => (
        <Box component="li" key={`${s.url || s.title}-${i}`} sx={{ mb: 1 }}>
          {s.url ? (
            <Link href={s.url} target="_blank" rel="noopener noreferrer">
              {s.title || s.url}
            </Link>
          ) : (
            s.title
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The topic's own video (the spec's); else its lecture: the rendered lecture video, else the lecture audio
 * with a visible caption line and the script as transcript. The lecture loads only when this tab opens.
 */
function VideoTab({ node, preview }: { node: TopicNode; preview: boolean }) {
  const lecture = useTopicLecture(node.id, node.subject_id, !node.video && !preview);
  if (node.video) {
    return (
      <VideoPlayer
        title={node.video.title}
        label={node.video.title || node.title}
        url={node.video.url}
        captions={node.video.captions}
      />
    );
  }
  if (!preview && lecture.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the lecture" />
      </Box>
    );
  }
  const l = lecture.data;
  if (!l || (!l.video && !l.audio)) return <Typography color="text.secondary">No video for this topic yet.</Typography>;
  if (l.video)
    return (
      <VideoPlayer
        title={`Lecture: ${l.title}`}
        label={`Lecture: ${l.title}`}
        url={l.video.url}
        captions={l.video.captions}
      />
    );
  return <LectureAudio title={l.title} url={l.audio!.url} captions={l.audio!.captions} transcript={l.text} />;
}

function VideoPlayer({
  title,
  label,
  url,
  captions,
}: {
  title: string;
  label: string;
  url: string;
  captions: string | null;
}) {
  return (
    <Box>
      {title && (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <Box
        component="video"
        controls
        preload="metadata"
        src={url}
        aria-label={label}
        data-testid="topic-video"
        sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }}
      >
        {captions && <track kind="captions" src={captions} srcLang="en" label="English" default />}
      </Box>
    </Box>
  );
}

/** Lecture audio: the player, the caption being spoken (from the WebVTT track's cue changes) and the transcript. */
function LectureAudio({
  title,
  url,
  captions,
  transcript,
}: {
  title: string;
  url: string;
  captions: string | null;
  transcript: string;
}) {
  const [cue, setCue] = useState('');
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        Lecture: {title}
      </Typography>
      <Box
        component="audio"
        controls
        preload="metadata"
        src={url}
        aria-label={`Lecture: ${title}`}
        data-testid="topic-lecture-audio"
        sx={{ width: '100%' }}
      >
        {captions && (
          <track
            kind="captions"
            src={captions}
            srcLang="en"
            label="English"
            default
            ref={(el: HTMLTrackElement | null) => {
              // (jsdom has no TextTrack)
              if (!el?.track) return;
              // audio elements never draw captions: show the active cue ourselves
              el.track.mode = 'hidden';
              el.oncuechange = () => {
                const active = el.track.activeCues?.[0] as VTTCue | undefined;
                setCue(active?.text ?? '');
              };
            }}
          />
        )}
      </Box>
      {captions && (
        <Typography aria-live="off" data-testid="lecture-caption" sx={{ minHeight: '1.5em', mt: 1, fontWeight: 600 }}>
          {cue}
        </Typography>
      )}
      <Box component="details" sx={{ mt: 2 }}>
        <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
          Transcript
        </Box>
        <Typography sx={{ whiteSpace: 'pre-line', mt: 1 }} data-testid="lecture-transcript">
          {transcript}
        </Typography>
      </Box>
    </Box>
  );
}
