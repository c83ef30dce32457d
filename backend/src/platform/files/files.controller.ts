import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators.js';
import { ApiError } from '../http/api-error.js';
import { ApiDoc } from '../http/route-docs.js';
import { FileStorage } from './file-storage.js';
import { mimeForKey } from './mime.js';
import { SignedUrls } from './signed-urls.js';

/**
 * The one public door to stored media: only a URL the server signed (key, expiry, HMAC) opens it,
 * for a few minutes. Answers 403 for a bad or expired signature, 404 for a missing file.
 */
@Controller('files')
@Public()
export class FilesController {
  constructor(
    private readonly urls: SignedUrls,
    private readonly storage: FileStorage,
  ) {}

  @Get(':key')
  @ApiDoc({ summary: 'A stored media file, through a signed short-lived URL', binary: 'application/octet-stream' })
  async get(@Param('key') encodedKey: string, @Query('exp') exp: string | undefined, @Query('sig') sig: string | undefined, @Query('fn') fn: string | undefined, @Res() res: Response) {
    const key = this.urls.verify(encodedKey, exp, sig, fn);
    if (!key) throw ApiError.forbidden('This link has expired or is not valid.').withCode('media.link_invalid');
    const file = await this.storage.stream(key);
    if (!file) throw ApiError.notFound('Media not available').withCode('media.not_available');
    const mime = mimeForKey(key);
    const inline = /^(image|audio|video)\//.test(mime);
    res.setHeader('Content-Type', mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    // a file is never a page: no scripts, no frames, even if a browser were talked into rendering it
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader(
      'Content-Disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${asciiName(fn || key.split('/').pop()!)}"; filename*=UTF-8''${encodeURIComponent(fn || key.split('/').pop()!)}`,
    );
    file.stream.pipe(res);
  }
}

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
