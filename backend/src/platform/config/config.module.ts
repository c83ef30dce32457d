import { Global, Module } from '@nestjs/common';
import { configSection, type AppConfig, type ConfigSection } from './config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the already-validated configuration injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig) {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** Provides a module's config section under its token (validated at start-up when the root lists it). */
export function configSectionProvider<T>(section: ConfigSection<T>) {
  return { provide: section.token, inject: [APP_CONFIG], useFactory: (config: AppConfig) => configSection(config, section) };
}
