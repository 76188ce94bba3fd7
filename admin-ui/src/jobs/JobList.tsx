import { ComingSoon } from '../layout/ComingSoon';

export const JobList = () => <ComingSoon title="Generation Jobs" />;
