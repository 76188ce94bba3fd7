import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  RawBodyRequest,
  NotFoundException,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { CheckoutService } from './checkout.service';
import { CreateCheckoutDto, SessionIdParam, VerifyCheckoutDto } from './dto/catalog.dto';
import {
  CheckoutRedirectResponse,
  CheckoutSessionResponse,
  CheckoutVerifyResponse,
  DevCheckoutSessionResponse,
  StripeWebhookResponse,
  toCheckoutRedirectResponse,
  toCheckoutSessionResponse,
  toCheckoutVerifyResponse,
  toDevCheckoutSessionResponse,
  toStripeWebhookResponse,
} from './dto/checkout.dto';
import { StripeClientHolder } from './payment-providers';

@ApiTags('checkout')
@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly stripe: StripeClientHolder,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @ApiBearerAuth()
  @Post('checkout/create')
  @ApiCreatedResponse({ type: CheckoutSessionResponse })
  async create(@Body() dto: CreateCheckoutDto, @CurrentUser() user: AuthUser): Promise<CheckoutSessionResponse> {
    return toCheckoutSessionResponse(await this.checkout.create(user.id, dto.subjectId, dto.priceId));
  }

  @ApiBearerAuth()
  @Post('checkout/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutVerifyResponse })
  async verify(@Body() dto: VerifyCheckoutDto, @CurrentUser() user: AuthUser): Promise<CheckoutVerifyResponse> {
    const { session, entitled } = await this.checkout.verify(user.id, dto.session_id);
    return toCheckoutVerifyResponse(session, entitled);
  }

  @ApiBearerAuth()
  @Get('checkout/dev/:id')
  @ApiOkResponse({
    type: DevCheckoutSessionResponse,
    description: 'only with the dev payment provider (404 otherwise)',
  })
  async devSession(@Param() p: SessionIdParam, @CurrentUser() user: AuthUser): Promise<DevCheckoutSessionResponse> {
    const { session, subject } = await this.checkout.devSession(user.id, p.id);
    return toDevCheckoutSessionResponse(session, subject);
  }

  @ApiBearerAuth()
  @Post('checkout/dev/:id/complete')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutRedirectResponse, description: 'paid; only with the dev payment provider' })
  async devComplete(@Param() p: SessionIdParam, @CurrentUser() user: AuthUser): Promise<CheckoutRedirectResponse> {
    return toCheckoutRedirectResponse(await this.checkout.devComplete(user.id, p.id));
  }

  @ApiBearerAuth()
  @Post('checkout/dev/:id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutRedirectResponse, description: 'canceled; only with the dev payment provider' })
  async devCancel(@Param() p: SessionIdParam, @CurrentUser() user: AuthUser): Promise<CheckoutRedirectResponse> {
    return toCheckoutRedirectResponse(await this.checkout.devCancel(user.id, p.id));
  }

  /** Stripe's calls: verified with the signing secret on the exact bytes received. */
  @Public()
  @Post('webhooks/stripe')
  @HttpCode(200)
  @ApiHeader({ name: 'stripe-signature', required: true, description: "Stripe's signature of the raw body" })
  @ApiOkResponse({
    type: StripeWebhookResponse,
    description: 'the event is recorded (400: bad signature; 404: Stripe is not configured on this server)',
  })
  async stripeWebhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<StripeWebhookResponse> {
    const secret = this.config.payments.stripe?.webhookSecret;
    const stripe = this.stripe.stripe;
    // No Stripe on this server: the endpoint does not exist here (a 5xx would read as our fault).
    if (!stripe || !secret) throw new NotFoundException('Stripe webhooks are not configured on this server');
    if (!signature || !req.rawBody) throw new BadRequestException('Missing Stripe signature');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.rawBody, signature, secret);
    } catch (err) {
      throw new BadRequestException(`Invalid Stripe signature: ${(err as Error).message}`);
    }
    return toStripeWebhookResponse(await this.checkout.applyStripeEvent(event));
  }
}
