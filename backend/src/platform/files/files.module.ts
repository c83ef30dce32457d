import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { FileStorage, LocalFileStorage } from './file-storage.js';
import { FilesController } from './files.controller.js';
import { MediaInspector } from './media-inspector.js';
import { SignedUrls } from './signed-urls.js';

/** File storage (local disk under DATA_DIR/files), signed media URLs and the public route that serves them. */
@Global()
@Module({
  controllers: [FilesController],
  providers: [{ provide: FileStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalFileStorage(join(config.dataDir, 'files')) }, SignedUrls, MediaInspector],
  exports: [FileStorage, SignedUrls, MediaInspector],
})
export class FilesModule {}
