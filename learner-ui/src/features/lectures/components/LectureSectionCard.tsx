import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import type { TtsSection } from '../../../api/media';
import type { MediaSource, SectionMedia } from '../lecture-media';

export interface LectureSectionCardProps {
  section: TtsSection;
  index: number;
  media: SectionMedia;
  rate: number;
  playing: boolean;
  speaking: boolean;
  /** Called with the section's video or audio element (null when it has neither). */
  registerMedia: (sectionId: string, element: HTMLMediaElement | null) => void;
  studio?: {
    generating: boolean;
    error: string | null;
    onGenerate: () => void;
  };
}

function formatDuration(seconds: number): string {
  if (!seconds) return '';
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m} min ${s.toString().padStart(2, '0')} s` : `${s} s`;
}

function Captions({ source }: { source: MediaSource }) {
  if (!source.captions) return null;
  return <track kind="captions" src={source.captions} srcLang="en" label="English" default />;
}

/** One lecture section: its video, else its audio player, else its text; captions with either. */
export function LectureSectionCard({
  section,
  index,
  media,
  rate,
  playing,
  speaking,
  registerMedia,
  studio,
}: LectureSectionCardProps) {
  const element = useRef<HTMLMediaElement | null>(null);
  const headingId = `lecture-${section.id}-title`;
  const { video, audio } = media;

  // The speech-rate slider applies to recorded media too (also when played by hand).
  useEffect(() => {
    if (!element.current) return;
    element.current.defaultPlaybackRate = rate;
    element.current.playbackRate = rate;
  }, [rate, video?.url, audio?.url]);

  const setElement = (el: HTMLMediaElement | null) => {
    element.current = el;
    registerMedia(section.id, el);
  };

  const duration = formatDuration(section.est_seconds);

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      aria-current={playing ? 'true' : undefined}
      data-testid={`lecture-${section.id}`}
      sx={{ borderColor: playing ? 'primary.main' : undefined, borderWidth: playing ? 2 : 1 }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {index + 1}. {section.title}
          </Typography>
          {playing && (
            <Chip
              size="small"
              color="primary"
              icon={<GraphicEqIcon />}
              label={speaking ? 'Speaking' : 'Now playing'}
              sx={{ flexShrink: 0 }}
            />
          )}
        </Stack>
        {duration && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            About {duration}
          </Typography>
        )}

        {video ? (
          <Box
            component="video"
            ref={setElement}
            controls
            preload="metadata"
            src={video.url}
            aria-label={`Video: ${section.title}`}
            sx={{ width: '100%', maxHeight: 420, borderRadius: 1, bgcolor: 'black' }}
          >
            <Captions source={video} />
          </Box>
        ) : audio ? (
          <Box
            component="audio"
            ref={setElement}
            controls
            preload="metadata"
            src={audio.url}
            aria-label={`Audio: ${section.title}`}
            sx={{ width: '100%' }}
          >
            <Captions source={audio} />
          </Box>
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{section.text}</Typography>
        )}

        {studio && (
          <Box sx={{ mt: 2 }}>
            <Button
              variant="outlined"
              size="small"
              onClick={studio.onGenerate}
              disabled={studio.generating}
              aria-label={`Generate MP3 (server) for ${section.title}`}
              startIcon={studio.generating ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Generate MP3 (server)
            </Button>
            {studio.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {studio.error}
              </Alert>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
