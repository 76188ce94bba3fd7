import { ComingSoon } from '../layout/ComingSoon';

export const TtsSynthesis = () => <ComingSoon title="TTS Synthesis" />;
