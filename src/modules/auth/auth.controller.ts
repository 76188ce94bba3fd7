import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { AccessTokenService } from './access-token.service';
import { AuthService, ClientInfo, IssuedSession } from './auth.service';
import { CredentialsDto, EmailDto, RegisterDto, ResetPasswordDto, TokenDto } from './dto/auth.dto';
import { LoginResponse, MessageResponse, SessionResponse, SignInResponse } from './dto/session.response';
import { bearerToken } from '../../common/guards/jwt-auth.guard';

export const REFRESH_COOKIE = 'lp_refresh';
const COOKIE_PATH = '/api/auth';
/**
 * A marker, not a secret: `lp_session=1` lives as long as the refresh cookie, but the page's script can read it. The
 * learner site probes POST /api/auth/refresh on load only when it is there (or the local-storage hint is), so a
 * signed-out visitor's page sends no request that must answer 401.
 */
export const SESSION_MARKER_COOKIE = 'lp_session';

function client(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accessTokens: AccessTokenService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private setRefreshCookie(reply: FastifyReply, issued: IssuedSession): LoginResponse {
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.auth.secureCookies,
      path: COOKIE_PATH,
      maxAge: issued.refreshMaxAgeSeconds,
    });
    reply.setCookie(SESSION_MARKER_COOKIE, '1', {
      httpOnly: false,
      sameSite: 'strict',
      secure: this.config.auth.secureCookies,
      path: '/',
      maxAge: issued.refreshMaxAgeSeconds,
    });
    return { accessToken: issued.accessToken, expiresAt: issued.expiresAt, user: issued.user };
  }

  private clearRefreshCookie(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.auth.secureCookies,
    });
    reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/', sameSite: 'strict', secure: this.config.auth.secureCookies });
  }

  @Public()
  @Post('register')
  @ApiCreatedResponse({ type: MessageResponse, description: 'the same answer whether or not the address is new' })
  register(@Body() dto: RegisterDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    return this.auth.register(dto.email, dto.password, client(req), { name: dto.name, checkout: dto.checkout });
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: SignInResponse })
  async login(
    @Body() dto: CredentialsDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInResponse> {
    const issued = await this.auth.login(dto.email, dto.password, client(req));
    return { ...this.setRefreshCookie(reply, issued), pendingCheckout: issued.pendingCheckout };
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiOkResponse({ type: LoginResponse })
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoginResponse> {
    try {
      return this.setRefreshCookie(reply, await this.auth.refresh(req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      // Only a refused token ends the browser's session; a passing outage must not sign people out.
      if (err instanceof UnauthorizedException) this.clearRefreshCookie(reply);
      throw err;
    }
  }

  /** Public so that a client whose access token already expired can still end its session. */
  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the session ended (or there was none); the refresh cookie is cleared' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = bearerToken(req.headers.authorization);
    const fromAccess = token ? await this.accessTokens.verify(token) : null;
    await this.auth.logout(req.cookies[REFRESH_COOKIE], fromAccess?.sessionId);
    this.clearRefreshCookie(reply);
  }

  @Public()
  @Post('request-reset')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponse })
  requestReset(@Body() dto: EmailDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    return this.auth.requestReset(dto.email, client(req));
  }

  @Public()
  @Post('reset')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponse })
  reset(@Body() dto: ResetPasswordDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    return this.auth.resetPassword(dto.token, dto.password, client(req));
  }

  @Public()
  @Post('request-verify')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponse })
  requestVerify(@Body() dto: EmailDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    return this.auth.requestVerify(dto.email, client(req));
  }

  @Public()
  @Post('verify')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResponse })
  verify(@Body() dto: TokenDto): Promise<MessageResponse> {
    return this.auth.verifyEmail(dto.token);
  }

  @Get('session')
  @ApiBearerAuth()
  @ApiOkResponse({ type: SessionResponse })
  session(
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest & { accessExpiresAt?: number },
  ): Promise<SessionResponse> {
    return this.auth.session(user.id, req.accessExpiresAt ?? 0);
  }
}
