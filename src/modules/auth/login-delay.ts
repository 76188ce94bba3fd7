import { Injectable } from '@nestjs/common';

/**
 * The pause AuthService.login makes before checking a password on an account with many recent failures
 * (loginDelayMs). A provider of its own, so a test can see the pause it was asked for without timing it.
 */
@Injectable()
export class LoginDelay {
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
