import { Controller, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import type { Response } from 'express';
import { Public } from '../../platform/auth/auth.decorators.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { CloudWebhooksService } from './cloud-webhooks.service.js';
import type { WebhookRequest } from './webhook-body.js';

const phoneNumberParams = z.object({ phoneNumberId: z.string().max(100) });
const verifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

/**
 * Meta calls these (no user, no session): the subscription check and the deliveries of one phone
 * number's events. Who is calling is proven by the verify token and the body's signature.
 */
@Controller('webhooks/whatsapp')
@Public()
export class CloudWebhooksController {
  constructor(private readonly webhooks: CloudWebhooksService) {}

  @Get(':phoneNumberId')
  @ApiDoc({ summary: "Meta's subscription check: answers hub.challenge as plain text when hub.verify_token is this number's verify token, else 403" })
  async verify(@ValidParams(phoneNumberParams) params: z.infer<typeof phoneNumberParams>, @ValidQuery(verifyQuery) query: z.infer<typeof verifyQuery>, @Res() res: Response) {
    const challenge = await this.webhooks.verify(params.phoneNumberId, query['hub.mode'], query['hub.verify_token'], query['hub.challenge']);
    if (challenge === null) throw ApiError.forbidden('The verify token does not match.');
    res.status(200).type('text/plain').send(challenge);
  }

  @Post(':phoneNumberId')
  @HttpCode(200)
  @ApiDoc({ summary: 'A delivery from Meta: checked against X-Hub-Signature-256 (401 without a valid one), stored, answered 200, then processed' })
  async receive(@ValidParams(phoneNumberParams) params: z.infer<typeof phoneNumberParams>, @Headers('x-hub-signature-256') signature: string | undefined, @Req() req: WebhookRequest) {
    await this.webhooks.receive(params.phoneNumberId, req.rawBody, signature);
    return null;
  }
}
