import { ComingSoon } from '../layout/ComingSoon';

export const CertificateList = () => <ComingSoon title="Certificates" />;
