import { ComingSoon } from '../layout/ComingSoon';

export const MediaManager = () => <ComingSoon title="Media Manager" />;
