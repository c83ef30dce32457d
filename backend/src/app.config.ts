import { loadConfig, type AppConfig, type LoadConfigOptions } from './platform/config/config.js';
import { moduleConfigSections } from './modules/config-sections.js';

/** The whole app's configuration: platform's variables and every module's section, validated at once. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env, options: Omit<LoadConfigOptions, 'sections'> = {}): AppConfig {
  return loadConfig(env, { ...options, sections: moduleConfigSections });
}
