import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000Auth } from './Migration20261121000000Auth';
import { Migration20261122000000Content } from './Migration20261122000000Content';
import { Migration20261122010000Commerce } from './Migration20261122010000Commerce';
import { Migration20261122020000Learning } from './Migration20261122020000Learning';
import { Migration20261122030000CheckoutUrl } from './Migration20261122030000CheckoutUrl';
import { Migration20261122040000Assessment } from './Migration20261122040000Assessment';
import { Migration20261122050000PendingRefunds } from './Migration20261122050000PendingRefunds';
import { Migration20261123000000PaymentDisputes } from './Migration20261123000000PaymentDisputes';
import { Migration20261124000000Media } from './Migration20261124000000Media';
import { Migration20261125000000GenerationJobs } from './Migration20261125000000GenerationJobs';
import { Migration20261125010000AdminAudit } from './Migration20261125010000AdminAudit';
import { Migration20261125020000Challenges } from './Migration20261125020000Challenges';
import { Migration20261125030000Certificates } from './Migration20261125030000Certificates';
import { Migration20261126000000AdaptiveAttempts } from './Migration20261126000000AdaptiveAttempts';
import { Migration20261127000000AuditJobs } from './Migration20261127000000AuditJobs';
import { Migration20261128000000StudioAuthoring } from './Migration20261128000000StudioAuthoring';
import { Migration20261201000000LearningLoop } from './Migration20261201000000LearningLoop';
import { Migration20261201010000AttemptsAndTags } from './Migration20261201010000AttemptsAndTags';
import { Migration20261201020000AccountsAndReceipts } from './Migration20261201020000AccountsAndReceipts';
import { Migration20261204000000ReceiptLease } from './Migration20261204000000ReceiptLease';
import { Migration20261205000000ChallengeIntegrity } from './Migration20261205000000ChallengeIntegrity';
import { Migration20261205010000CertificatesUsable } from './Migration20261205010000CertificatesUsable';
import { Migration20261206000000RequestIds } from './Migration20261206000000RequestIds';
import { Migration20261207000000AuditStaffActions } from './Migration20261207000000AuditStaffActions';
import { Migration20261207100000LearningFacts } from './Migration20261207100000LearningFacts';
import { Migration20261208000000DailyFactCounts } from './Migration20261208000000DailyFactCounts';
import { Migration20261208010000DashboardIndexes } from './Migration20261208010000DashboardIndexes';
import { Migration20261208020000NewLearnerDayCounts } from './Migration20261208020000NewLearnerDayCounts';
import { Migration20261209000000SalesDayTotals } from './Migration20261209000000SalesDayTotals';
import { Migration20261209010000DiagnosticDays } from './Migration20261209010000DiagnosticDays';

/**
 * Listed explicitly (rather than discovered by file glob) so the same list runs from
 * compiled JavaScript in production and from TypeScript under jest.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000Auth', class: Migration20261121000000Auth },
  { name: 'Migration20261122000000Content', class: Migration20261122000000Content },
  { name: 'Migration20261122010000Commerce', class: Migration20261122010000Commerce },
  { name: 'Migration20261122020000Learning', class: Migration20261122020000Learning },
  { name: 'Migration20261122030000CheckoutUrl', class: Migration20261122030000CheckoutUrl },
  { name: 'Migration20261122040000Assessment', class: Migration20261122040000Assessment },
  { name: 'Migration20261122050000PendingRefunds', class: Migration20261122050000PendingRefunds },
  { name: 'Migration20261123000000PaymentDisputes', class: Migration20261123000000PaymentDisputes },
  { name: 'Migration20261124000000Media', class: Migration20261124000000Media },
  { name: 'Migration20261125000000GenerationJobs', class: Migration20261125000000GenerationJobs },
  { name: 'Migration20261125010000AdminAudit', class: Migration20261125010000AdminAudit },
  { name: 'Migration20261125020000Challenges', class: Migration20261125020000Challenges },
  { name: 'Migration20261125030000Certificates', class: Migration20261125030000Certificates },
  { name: 'Migration20261126000000AdaptiveAttempts', class: Migration20261126000000AdaptiveAttempts },
  { name: 'Migration20261127000000AuditJobs', class: Migration20261127000000AuditJobs },
  { name: 'Migration20261128000000StudioAuthoring', class: Migration20261128000000StudioAuthoring },
  { name: 'Migration20261201000000LearningLoop', class: Migration20261201000000LearningLoop },
  { name: 'Migration20261201010000AttemptsAndTags', class: Migration20261201010000AttemptsAndTags },
  { name: 'Migration20261201020000AccountsAndReceipts', class: Migration20261201020000AccountsAndReceipts },
  { name: 'Migration20261204000000ReceiptLease', class: Migration20261204000000ReceiptLease },
  { name: 'Migration20261205000000ChallengeIntegrity', class: Migration20261205000000ChallengeIntegrity },
  { name: 'Migration20261205010000CertificatesUsable', class: Migration20261205010000CertificatesUsable },
  { name: 'Migration20261206000000RequestIds', class: Migration20261206000000RequestIds },
  { name: 'Migration20261207000000AuditStaffActions', class: Migration20261207000000AuditStaffActions },
  { name: 'Migration20261207100000LearningFacts', class: Migration20261207100000LearningFacts },
  { name: 'Migration20261208000000DailyFactCounts', class: Migration20261208000000DailyFactCounts },
  { name: 'Migration20261208010000DashboardIndexes', class: Migration20261208010000DashboardIndexes },
  { name: 'Migration20261208020000NewLearnerDayCounts', class: Migration20261208020000NewLearnerDayCounts },
  { name: 'Migration20261209000000SalesDayTotals', class: Migration20261209000000SalesDayTotals },
  { name: 'Migration20261209010000DiagnosticDays', class: Migration20261209010000DiagnosticDays },
];
