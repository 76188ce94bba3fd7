import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TopicNode } from '../../../api';
import { HtmlContent } from '../HtmlContent';

const TABS = ['Summary', 'Variants', 'Sources', 'Video'] as const;
type TabName = (typeof TABS)[number];

const VARIANT_LABELS: [string, string][] = [
  ['beginner', 'Beginner'],
  ['advanced', 'Advanced'],
  ['practical', 'Practical'],
  ['theoretical', 'Theoretical'],
];

/** The topic's content: Summary (the lesson), Variants, Sources and Video. */
export function TopicTabs({ node }: { node: TopicNode }) {
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
        {tab === 'Video' && <VideoTab node={node} />}
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

function VideoTab({ node }: { node: TopicNode }) {
  if (!node.video) return <Typography color="text.secondary">No video for this topic yet.</Typography>;
  return (
    <Box>
      {node.video.title && (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {node.video.title}
        </Typography>
      )}
      <Box
        component="video"
        controls
        preload="metadata"
        src={node.video.url}
        aria-label={node.video.title || node.title}
        data-testid="topic-video"
        sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }}
      >
        {node.video.captions && (
          <track kind="captions" src={node.video.captions} srcLang="en" label="English" default />
        )}
      </Box>
    </Box>
  );
}
