/**
 * The one thing auth asks of the shop, as a port (the catalog module provides it, see
 * catalog/resumable-purchase/resumable-purchase.module.ts): whether a purchase an account was registered for is still worth resuming
 * at its first sign-in. Auth cannot import catalog (catalog already reads auth's user data), so the question is
 * asked through this token, like the entitlement guard's ENTITLEMENT_CHECKER.
 */
export const RESUMABLE_PURCHASE = Symbol('RESUMABLE_PURCHASE');

export interface ResumablePurchaseCheck {
  /**
   * The checkout to resume: the course while it is in the shop and not owned by the user, with the price when it is
   * an active price of that course (else null); null when there is nothing to resume.
   */
  resumable(
    userId: string,
    subjectId: string,
    priceId: string | null,
  ): Promise<{ subjectId: string; priceId: string | null } | null>;
}
