import { ComingSoon } from '../layout/ComingSoon';

export const ReviewQueue = () => <ComingSoon title="Review" />;
