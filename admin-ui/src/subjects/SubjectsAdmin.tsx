import { ComingSoon } from '../layout/ComingSoon';

export const SubjectsAdmin = () => <ComingSoon title="Subjects Admin" />;
