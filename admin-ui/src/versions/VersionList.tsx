import { ComingSoon } from '../layout/ComingSoon';

export const VersionList = () => <ComingSoon title="Versions" />;
