import { fileURLToPath } from 'node:url';

/** Absolute paths the e2e suite needs, resolved from this file so any working directory works. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
/** E2E_BACKEND_MAIN runs the suite against another backend build (e.g. a release candidate). */
export const BACKEND_MAIN = process.env.E2E_BACKEND_MAIN ?? fileURLToPath(new URL('../../../backend/dist/src/main.js', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
/** Screenshots passing checks keep for people to look at (test-results/ holds failures only). */
export const ARTEFACTS_DIR = fileURLToPath(new URL('../../test-artefacts/', import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
