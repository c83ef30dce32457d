import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DiscoveryService } from '@nestjs/core';
import { Public } from '../../platform/auth/auth.decorators.js';
import { buildOpenApiDocument } from '../../platform/http/openapi.js';

@Controller('docs')
@Public()
export class DocsController {
  private document: unknown;

  constructor(private readonly discovery: DiscoveryService) {}

  /** The OpenAPI 3.1 document, generated from the zod schemas the handlers validate with. */
  @Get()
  docs(@Res() res: Response) {
    // served bare, not in the envelope, so OpenAPI tools can read it as is
    this.document ??= buildOpenApiDocument(this.discovery, 'api');
    res.json(this.document);
  }
}
