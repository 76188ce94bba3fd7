import { ComingSoon } from '../layout/ComingSoon';

export const NodeEditor = () => <ComingSoon title="Node Editor" />;
