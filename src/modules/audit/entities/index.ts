import { AdminAudit } from './admin-audit.entity';

export { AdminAudit };
export const AUDIT_ENTITIES = [AdminAudit];
