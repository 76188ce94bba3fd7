import { AccessView } from '../../common/guards/access-view';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  Optional,
  UnauthorizedException,
} from '@nestjs/common';
import { TooManyRequestsException } from '../../common/http/too-many-requests.exception';
import { type RateLimitRule, RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { RESUMABLE_PURCHASE, type ResumablePurchaseCheck } from '../../common/purchases/resumable-purchase';
import { MailQueueService } from '../mail/mail-queue.service';
import { AccessTokenService } from './access-token.service';
import { LoginDelay } from './login-delay';
import { AuthRepository, type PendingCheckout, type RotateOutcome, type UserWithRoles } from './auth.repository';
import {
  LoginResponse,
  type PendingCheckoutResponse,
  type ProfileResponse,
  toProfileResponse,
  toSessionUserResponse,
} from './dto/session.response';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './password';
import { randomToken, sha256 } from './tokens';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface IssuedSession extends LoginResponse {
  /** the raw refresh token, for the httpOnly cookie only */
  refreshToken: string;
  refreshMaxAgeSeconds: number;
}

/** What a registration may carry besides the credentials. */
export interface RegistrationExtras {
  /** trimmed by the DTO; "" means none */
  name?: string;
  checkout?: { subjectId: string; priceId?: string };
}

/** A pending purchase older than this is not resumed: the visitor has moved on. */
export const PENDING_CHECKOUT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export const MESSAGES = {
  registered: 'Check your email to confirm your account.',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Email not confirmed',
  resetRequested: 'If an account exists for that email, a password reset link has been sent.',
  verifyRequested: 'If that email belongs to an account that still needs confirming, a new link has been sent.',
  invalidResetToken: 'Invalid or expired reset link',
  invalidVerifyToken: 'Invalid or expired verification link',
  passwordUpdated: 'Your password has been updated. Please sign in.',
  emailVerified: 'Your email address is confirmed. You can sign in now.',
  sessionMissing: 'Auth session missing!',
  invalidRefresh: 'Invalid refresh token',
} as const;

/**
 * The pause before checking a password on an account with many recent failures (from anywhere):
 * nothing up to the per-account limit, then 250 ms more per failure, at most 3 s. Online guessing
 * becomes slow without ever refusing the owner.
 */
export function loginDelayMs(accountFailures: number, limit: number): number {
  return accountFailures < limit ? 0 : Math.min(3000, 250 * (accountFailures - limit + 1));
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly em: EntityManager,
    private readonly repo: AuthRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly mail: MailQueueService,
    private readonly rateLimit: RateLimitService,
    private readonly access: AccessView,
    private readonly loginDelay: LoginDelay,
    @InjectConfig() private readonly config: AppConfig,
    // Provided by the catalog (ResumablePurchaseModule) in the API; the worker signs nobody in and has none.
    @Optional() @Inject(RESUMABLE_PURCHASE) private readonly purchases?: ResumablePurchaseCheck,
  ) {}

  private rule(name: string, key: string, max: number): RateLimitRule {
    return { name, key, max, windowSeconds: this.config.rateLimit.windowSeconds };
  }

  /** Mails to one address are limited, so nobody can use these forms to flood an inbox. */
  private mayMail(email: string): Promise<boolean> {
    return this.rateLimit.allows(this.rule('mail:account', email, this.config.rateLimit.resetPerAccount));
  }

  private link(path: string, token?: string): string {
    return `${this.config.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  /**
   * Same answer whether or not the e-mail is taken; a taken address gets a notice mail
   * instead of a second account, and the password is hashed either way so timing tells nothing.
   */
  async register(
    email: string,
    password: string,
    client: ClientInfo,
    extras: RegistrationExtras = {},
  ): Promise<{ message: string }> {
    const rl = this.config.rateLimit;
    await this.rateLimit.consume(this.rule('register:ip', client.ip, rl.registerPerIp));
    const problem = passwordProblem(password);
    if (problem) throw new BadRequestException(problem);
    const passwordHash = await hashPassword(password);
    // Name and purchase belong to the new account only: a taken address keeps its own (createUser inserts nothing).
    const pendingCheckout: PendingCheckout | null = extras.checkout
      ? { subjectId: extras.checkout.subjectId, priceId: extras.checkout.priceId ?? null, at: new Date().toISOString() }
      : null;
    const userId = await this.em.transactional((tx) =>
      this.repo.createUser(tx, email, passwordHash, { displayName: extras.name || null, pendingCheckout }),
    );
    const mailAllowed = await this.mayMail(email);
    if (!mailAllowed) return { message: MESSAGES.registered };
    if (userId) {
      await this.sendVerification(userId, email);
    } else {
      await this.mail.enqueue(
        { to: email, template: 'already-registered', link: this.link('/login') },
        `already-registered-${randomUUID()}`,
      );
    }
    return { message: MESSAGES.registered };
  }

  private async sendVerification(userId: string, email: string): Promise<void> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.auth.verifyTokenTtlSeconds * 1000);
    const id = await this.em.transactional((tx) =>
      this.repo.createOneTimeToken(tx, userId, 'verify', sha256(token), expiresAt),
    );
    await this.mail.enqueue({ to: email, template: 'verify-email', link: this.link('/verify', token) }, `verify-${id}`);
  }

  async login(
    email: string,
    password: string,
    client: ClientInfo,
  ): Promise<IssuedSession & { pendingCheckout: PendingCheckoutResponse | null }> {
    const rl = this.config.rateLimit;
    // Every attempt counts per client address. Failed passwords count per account and address
    // (a guesser is stopped without locking the owner out from elsewhere) and per account, which
    // only slows every attempt on that account down: the owner's correct password still works.
    const pairFailures = this.rule('login:fail', `${email}|${client.ip}`, rl.loginPerAccount);
    const accountFailures = this.rule('login:fail-account', email, rl.loginPerAccount);
    await this.rateLimit.consume(this.rule('login:ip', client.ip, rl.loginPerIp));
    const blocked = await this.rateLimit.blockedFor(pairFailures);
    if (blocked > 0) throw new TooManyRequestsException(blocked);
    const delay = loginDelayMs(await this.rateLimit.count(accountFailures), rl.loginPerAccount);
    if (delay > 0) await this.loginDelay.wait(delay);
    const user = await this.repo.findUserByEmail(email);
    // Unknown e-mails cost one argon2 verification too, so response times do not reveal accounts.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await this.rateLimit.record(pairFailures, accountFailures);
      throw new UnauthorizedException(MESSAGES.invalidCredentials);
    }
    if (!user.emailVerifiedAt) throw new ForbiddenException(MESSAGES.emailNotConfirmed);
    const session = await this.startSession(user, client);
    return { ...session, pendingCheckout: await this.resumablePurchase(user.id) };
  }

  /**
   * The purchase the account was registered for, taken (and so cleared) by this sign-in whatever it answers: only a
   * recent one, of a course still in the shop that the learner does not own yet, is worth resuming.
   */
  private async resumablePurchase(userId: string): Promise<PendingCheckoutResponse | null> {
    const pending = await this.repo.takePendingCheckout(userId);
    if (!pending) return null;
    const at = Date.parse(pending.at);
    if (!Number.isFinite(at) || Date.now() - at > PENDING_CHECKOUT_MAX_AGE_MS) return null;
    if (!this.purchases) return null;
    return this.purchases.resumable(userId, pending.subjectId, pending.priceId);
  }

  async profile(userId: string): Promise<ProfileResponse> {
    const profile = await this.repo.findProfile(userId);
    if (!profile) throw new UnauthorizedException(MESSAGES.sessionMissing);
    return toProfileResponse(profile);
  }

  /** Sets the name on certificates; null or "" clears it. */
  async setDisplayName(userId: string, name: string | null): Promise<ProfileResponse> {
    const profile = await this.repo.setDisplayName(userId, name || null);
    if (!profile) throw new UnauthorizedException(MESSAGES.sessionMissing);
    return toProfileResponse(profile);
  }

  private async startSession(user: UserWithRoles, client: ClientInfo): Promise<IssuedSession> {
    const a = this.config.auth;
    const now = Date.now();
    const refreshToken = randomToken();
    const sessionId = await this.em.transactional((tx) =>
      this.repo.createSession(tx, {
        userId: user.id,
        expiresAt: new Date(now + a.sessionAbsoluteTtlSeconds * 1000),
        refreshHash: sha256(refreshToken),
        refreshExpiresAt: new Date(now + Math.min(a.refreshTokenTtlSeconds, a.sessionAbsoluteTtlSeconds) * 1000),
        userAgent: client.userAgent,
        ip: client.ip,
      }),
    );
    const access = await this.accessTokens.issue(user.id, sessionId);
    return {
      ...access,
      user: toSessionUserResponse(user),
      refreshToken,
      refreshMaxAgeSeconds: Math.min(a.refreshTokenTtlSeconds, a.sessionAbsoluteTtlSeconds),
    };
  }

  async refresh(rawToken: string | undefined): Promise<IssuedSession> {
    if (!rawToken) throw new UnauthorizedException(MESSAGES.sessionMissing);
    const a = this.config.auth;
    const refreshToken = randomToken();
    const outcome = await this.em.transactional((tx) =>
      this.rotate(tx, {
        tokenHash: sha256(rawToken),
        newHash: sha256(refreshToken),
        newExpiresAt: new Date(Date.now() + a.refreshTokenTtlSeconds * 1000),
        graceSeconds: a.refreshReuseGraceSeconds,
      }),
    );
    if (outcome.kind === 'reused') {
      await this.access.invalidateUser(outcome.userId);
      this.logger.warn(`Refresh token reuse detected: session ${outcome.sessionId} revoked`);
      throw new UnauthorizedException(MESSAGES.invalidRefresh);
    }
    if (outcome.kind === 'invalid') throw new UnauthorizedException(MESSAGES.invalidRefresh);
    const user = await this.repo.findUserById(outcome.userId);
    if (!user) throw new UnauthorizedException(MESSAGES.invalidRefresh);
    const access = await this.accessTokens.issue(user.id, outcome.sessionId);
    const maxAge = Math.max(
      1,
      Math.floor(Math.min(a.refreshTokenTtlSeconds * 1000, outcome.sessionExpiresAt.getTime() - Date.now()) / 1000),
    );
    return { ...access, user: toSessionUserResponse(user), refreshToken, refreshMaxAgeSeconds: maxAge };
  }

  /**
   * Exchanges a refresh token for a new one, in the caller's transaction. The old token and its
   * session are locked, so two concurrent exchanges of one token serialise: the first rotates,
   * the second sees it used. A used token presented again within `graceSeconds` (two tabs
   * refreshing at once) gets a sibling; after that it is reuse, and the whole session is revoked.
   */
  private async rotate(
    em: EntityManager,
    input: { tokenHash: string; newHash: string; newExpiresAt: Date; graceSeconds: number },
  ): Promise<RotateOutcome> {
    const row = await this.repo.lockRefreshToken(em, input.tokenHash);
    if (!row) return { kind: 'invalid' };
    const now = Date.now();
    if (row.sessionRevoked || row.sessionExpiresAt.getTime() <= now || row.expiresAt.getTime() <= now)
      return { kind: 'invalid' };
    if (row.usedAt) {
      if (now - row.usedAt.getTime() > input.graceSeconds * 1000) {
        await this.repo.revokeSessionIn(em, row.sessionId, 'refresh-token-reuse');
        return { kind: 'reused', sessionId: row.sessionId, userId: row.userId };
      }
    } else {
      await this.repo.markRefreshTokenUsed(em, row.id);
    }
    const expiresAt = new Date(Math.min(input.newExpiresAt.getTime(), row.sessionExpiresAt.getTime()));
    await this.repo.addRefreshToken(em, row.sessionId, input.newHash, expiresAt);
    return { kind: 'rotated', sessionId: row.sessionId, userId: row.userId, sessionExpiresAt: row.sessionExpiresAt };
  }

  /** Ends the session named by the refresh cookie and/or the access token. */
  async logout(rawRefresh: string | undefined, accessSessionId: string | undefined): Promise<void> {
    const ids = new Set<string>();
    if (accessSessionId) ids.add(accessSessionId);
    if (rawRefresh) {
      const id = await this.repo.findSessionIdByRefreshHash(sha256(rawRefresh));
      if (id) ids.add(id);
    }
    for (const id of ids) {
      const userId = await this.repo.revokeSession(id, 'logout');
      if (userId) await this.access.invalidateUser(userId);
    }
  }

  async session(userId: string, expiresAt: number) {
    const user = await this.repo.findUserById(userId);
    if (!user) throw new UnauthorizedException(MESSAGES.sessionMissing);
    return { user: toSessionUserResponse(user), expiresAt };
  }

  async requestReset(email: string, client: ClientInfo): Promise<{ message: string }> {
    await this.rateLimit.consume(this.rule('reset:ip', client.ip, this.config.rateLimit.resetPerIp));
    if (await this.mayMail(email)) await this.mail.enqueueAccountMail({ kind: 'reset', email });
    return { message: MESSAGES.resetRequested };
  }

  /**
   * Worker side of reset and verification requests: only here is the address looked up, so the
   * API's answer takes the same path for known and unknown e-mails.
   */
  async sendAccountMail(kind: 'reset' | 'verify', email: string): Promise<void> {
    const user = await this.repo.findUserByEmail(email);
    if (!user) return;
    if (kind === 'verify') {
      if (!user.emailVerifiedAt) await this.sendVerification(user.id, user.email);
      return;
    }
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.auth.resetTokenTtlSeconds * 1000);
    const id = await this.em.transactional((tx) =>
      this.repo.createOneTimeToken(tx, user.id, 'reset', sha256(token), expiresAt),
    );
    await this.mail.enqueue(
      { to: user.email, template: 'reset-password', link: this.link('/reset-password', token) },
      `reset-${id}`,
    );
  }

  async resetPassword(token: string, password: string, client: ClientInfo): Promise<{ message: string }> {
    await this.rateLimit.consume(this.rule('reset:ip', client.ip, this.config.rateLimit.resetPerIp));
    const problem = passwordProblem(password);
    if (problem) throw new BadRequestException(problem);
    const userId = await this.repo.consumeOneTimeToken('reset', sha256(token));
    if (!userId) throw new BadRequestException(MESSAGES.invalidResetToken);
    await this.repo.updatePassword(userId, await hashPassword(password));
    // Whoever knew the old password is signed out everywhere.
    await this.repo.revokeAllSessions(userId, 'password-reset');
    await this.access.invalidateUser(userId);
    return { message: MESSAGES.passwordUpdated };
  }

  async requestVerify(email: string, client: ClientInfo): Promise<{ message: string }> {
    await this.rateLimit.consume(this.rule('reset:ip', client.ip, this.config.rateLimit.resetPerIp));
    if (await this.mayMail(email)) await this.mail.enqueueAccountMail({ kind: 'verify', email });
    return { message: MESSAGES.verifyRequested };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const userId = await this.repo.consumeOneTimeToken('verify', sha256(token));
    if (!userId) throw new BadRequestException(MESSAGES.invalidVerifyToken);
    await this.repo.markEmailVerified(userId);
    return { message: MESSAGES.emailVerified };
  }
}
