import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter, HttpStatus, Injectable, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { CONTACT_IMPORT_MAX_BYTES, type ImportFileProblem } from '@crm/common';
import { CappedFileInterceptor, closeAfterAnswer } from '../../platform/http/capped-file.interceptor.js';

/** The import's upload: one `file` field, in memory, at most 5 MB. */
@Injectable()
export class ImportUploadInterceptor extends CappedFileInterceptor {
  protected fileLimit() {
    return CONTACT_IMPORT_MAX_BYTES;
  }
}

/** Multer's own upload errors ("File too large", "Unexpected field") in words the import screen can show. */
@Catch(PayloadTooLargeException, BadRequestException)
export class ImportUploadFilter implements ExceptionFilter {
  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof PayloadTooLargeException) {
      closeAfterAnswer(res);
      res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({
        ok: false,
        error: `The file is too large: the limit is ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
        code: 'payload_too_large',
        params: { problem: 'too_large' satisfies ImportFileProblem, maxMb: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024 },
        field: 'file',
      });
      return;
    }
    const text = exception.message;
    const oneFile = /unexpected (file )?field|too many (files|parts)/i.test(text);
    const problem: ImportFileProblem = oneFile ? 'one_file' : 'upload_invalid';
    const error = oneFile ? 'Send exactly one file, in the field "file".' : text;
    res.status(HttpStatus.BAD_REQUEST).json({ ok: false, error, code: 'contact.import_file_invalid', params: { problem }, field: 'file' });
  }
}
