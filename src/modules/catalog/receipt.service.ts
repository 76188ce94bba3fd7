import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { UserDataService } from '../auth/user-data/user-data.service';
import { MailQueueService } from '../mail/mail-queue.service';
import { CatalogService } from './catalog.service';
import { CheckoutRepository } from './checkout.repository';
import { PeriodicRun } from '../../common/scheduling/periodic-run';

/** "$49.00": the amount as the buyer saw it on the price (minor units of `currency`). */
export function formatAmount(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${code}`;
  }
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** "November 27, 2026" (UTC). */
export function formatReceiptDate(d: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/**
 * The receipt mail of a purchase, sent once whichever path fulfils it (the dev page, the return page's verify, a
 * Stripe webhook, a replay of any of them). The claim in the database, not the queue, makes it once: the e-mail
 * queue keeps no completed jobs, so a job id alone would not stop a second mail after the first was sent.
 */
@Injectable()
export class ReceiptService {
  private readonly logger = new Logger('Receipt');

  constructor(
    private readonly repo: CheckoutRepository,
    private readonly catalog: CatalogService,
    private readonly users: UserDataService,
    private readonly mail: MailQueueService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * Claims the receipt of a paid session, enqueues it, then marks it queued; nothing when it is queued or claimed by
   * a live lease, or the session is not paid. Call it after the fulfilment's transaction committed. A failure is
   * logged and the claim given back, never thrown: the purchase stands whether or not its receipt could be queued. A
   * process that dies in between leaves a lease the ReceiptSweeper takes over once it is old.
   */
  async send(sessionId: string): Promise<boolean> {
    let claimed = false;
    try {
      const receipt = await this.repo.claimReceipt(sessionId);
      if (!receipt) return false;
      claimed = true;
      const [to, subject] = await Promise.all([
        this.users.email(receipt.userId),
        this.catalog.subjectSummary(receipt.subjectId),
      ]);
      if (!to) {
        await this.repo.receiptQueued(sessionId); // the account is gone: nobody is left to write to
        return false;
      }
      await this.mail.enqueue(
        {
          to,
          template: 'purchase-receipt',
          link: `${this.config.publicUrl}/graph?subject=${encodeURIComponent(receipt.subjectId)}`,
          details: {
            course: subject?.name ?? receipt.subjectId,
            amount: formatAmount(receipt.amount, receipt.currency),
            date: formatReceiptDate(receipt.paidAt),
          },
        },
        `receipt-${sessionId}`,
      );
      await this.repo.receiptQueued(sessionId);
      return true;
    } catch (err) {
      this.logger.error(`Receipt of session ${sessionId} not queued: ${(err as Error).message}`);
      if (claimed) await this.repo.releaseReceipt(sessionId).catch(() => undefined);
      return false;
    }
  }
}

/**
 * Sends the receipts a fulfilment did not get to (its process died after the payment committed, or between the claim
 * and the queue): every RECEIPT_SWEEP_SECONDS, the paid purchases of the last 7 days whose receipt is neither queued
 * nor held by a live claim. Every API runs it; the claim makes each receipt go out once.
 */
@Injectable()
export class ReceiptSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReceiptSweeper');
  private readonly periodic = new PeriodicRun<number>();

  constructor(
    private readonly repo: CheckoutRepository,
    private readonly receipts: ReceiptService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.payments.receiptSweepSeconds, () => this.sweep());
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep (at most 100 receipts); how many were queued. Never throws. */
  sweep(): Promise<number> {
    return this.periodic.run(() => this.sweepOnce());
  }

  private async sweepOnce(): Promise<number> {
    let sent = 0;
    try {
      for (const id of await this.repo.receiptsDue(7, 100)) if (await this.receipts.send(id)) sent++;
      if (sent > 0) this.logger.log(`Queued ${sent} receipt(s) a fulfilment had not`);
    } catch (err) {
      this.logger.error(`Receipt sweep failed: ${(err as Error).message}`);
    }
    return sent;
  }
}
