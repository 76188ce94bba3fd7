import MovieIcon from '@mui/icons-material/Movie';

import type { StudioScreen } from '../layout/studioScreen';
import { TtsVideo } from './TtsVideo';

const ttsVideo = {
  name: 'tts-video',
  label: 'TTS Video',
  description: 'Run bulk video generation.',
  icon: MovieIcon,
  list: TtsVideo,
} satisfies StudioScreen;

export default ttsVideo;
