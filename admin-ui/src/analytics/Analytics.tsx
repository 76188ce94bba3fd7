import { ComingSoon } from '../layout/ComingSoon';

export const Analytics = () => <ComingSoon title="Analytics" />;
