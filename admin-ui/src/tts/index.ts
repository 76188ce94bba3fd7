import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';

import type { StudioScreen } from '../layout/studioScreen';
import { TtsSynthesis } from './TtsSynthesis';

const tts = {
  name: 'tts',
  label: 'TTS',
  description: 'Run bulk audio (text-to-speech) generation.',
  icon: RecordVoiceOverIcon,
  list: TtsSynthesis,
} satisfies StudioScreen;

export default tts;
