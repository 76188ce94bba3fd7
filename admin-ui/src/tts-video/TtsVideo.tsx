import { ComingSoon } from '../layout/ComingSoon';

export const TtsVideo = () => <ComingSoon title="TTS Video" />;
