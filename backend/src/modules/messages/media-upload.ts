import {
  type ArgumentsHost,
  BadRequestException,
  Catch,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { tooLarge } from './messages.service.js';

/** Multer for one `file` field, in memory, stopped at the configured size (read when first used). */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  private inner?: NestInterceptor;
  private innerLimit = 0;

  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    if (!this.inner || this.innerLimit !== this.options.uploadMaxBytes) {
      this.innerLimit = this.options.uploadMaxBytes;
      const Multer = FileInterceptor('file', { limits: { fileSize: this.options.uploadMaxBytes, files: 1, fields: 10 } });
      this.inner = new Multer() as NestInterceptor;
    }
    return this.inner.intercept(context, next);
  }
}

/** Multer's own errors in words the chat panel can show. */
@Catch(PayloadTooLargeException, BadRequestException)
export class MediaUploadFilter implements ExceptionFilter {
  constructor(@Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof PayloadTooLargeException) {
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
