import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';

import type { StudioScreen } from '../layout/studioScreen';
import { CertificateList } from './CertificateList';

const certificates = {
  name: 'certificates',
  label: 'Certificates',
  description: 'List certificates.',
  icon: WorkspacePremiumIcon,
  list: CertificateList,
} satisfies StudioScreen;

export default certificates;
