import { CheckoutSession } from './checkout-session.entity';
import { PaymentDispute } from './payment-dispute.entity';
import { PaymentEvent } from './payment-event.entity';
import { PendingRefund } from './pending-refund.entity';
import { Price } from './price.entity';
import { SalesDayTotal } from './sales-day-total.entity';
import { Subject } from './subject.entity';
import { UserEntitlement } from './user-entitlement.entity';

export { CheckoutSession, PaymentDispute, PaymentEvent, PendingRefund, Price, SalesDayTotal, Subject, UserEntitlement };
export type { CheckoutStatus } from './checkout-session.entity';
export type { EntitlementStatus } from './user-entitlement.entity';
export const CATALOG_ENTITIES = [
  Subject,
  Price,
  CheckoutSession,
  UserEntitlement,
  PaymentEvent,
  PendingRefund,
  PaymentDispute,
  SalesDayTotal,
];
