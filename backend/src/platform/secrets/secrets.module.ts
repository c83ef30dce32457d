import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { SecretBox } from './secret-box.js';
import { loadSecretsKey } from './secrets-key.js';

/** Seals and opens secrets at rest (SecretBox) with the deployment's key (SECRETS_KEY or DATA_DIR/secrets-key). */
@Global()
@Module({
  providers: [{ provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SecretBox(loadSecretsKey(config.env, config.dataDir)) }],
  exports: [SecretBox],
})
export class SecretsModule {}
