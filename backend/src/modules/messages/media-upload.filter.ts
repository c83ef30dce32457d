import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter, HttpStatus, Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { CappedFileInterceptor, closeAfterAnswer } from '../../platform/http/capped-file.interceptor.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { tooLarge } from './messages.service.js';

/** The chat panel's upload: one `file` field, in memory, at most the configured size (read for each request). */
@Injectable()
export class MediaUploadInterceptor extends CappedFileInterceptor {
  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {
    super();
  }

  protected fileLimit() {
    return this.options.uploadMaxBytes;
  }
}

/** Multer's own errors in words the chat panel can show. */
@Catch(PayloadTooLargeException, BadRequestException)
export class MediaUploadFilter implements ExceptionFilter {
  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof PayloadTooLargeException) {
      closeAfterAnswer(res);
      res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({
        ok: false,
        error: tooLarge(this.options.uploadMaxBytes),
        code: 'payload_too_large',
        params: { maxMb: Math.round(this.options.uploadMaxBytes / 1024 / 1024) },
        field: 'file',
      });
      return;
    }
    const text = exception.message;
    const error = /unexpected field|too many files/i.test(text) ? 'Send exactly one file, in the field "file".' : text;
    res.status(HttpStatus.BAD_REQUEST).json({ ok: false, error, code: 'invalid_input', field: (exception as { field?: string }).field ?? 'file' });
  }
}
