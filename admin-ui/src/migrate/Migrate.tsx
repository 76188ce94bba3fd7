import { ComingSoon } from '../layout/ComingSoon';

export const Migrate = () => <ComingSoon title="Migrate" />;
