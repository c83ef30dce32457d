import { lstatSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** What Chromium leaves in a profile it has open: a symlink naming `host-pid`, a cookie and a socket. */
const SINGLETON_FILES = ['SingletonLock', 'SingletonCookie', 'SingletonSocket'] as const;

/**
 * Removes Chromium's "profile in use" marks from a company's browser profile before its session
 * starts; answers the names it found. Chromium refuses a profile whose lock names another
 * computer ("The profile appears to be in use by another Chromium process … on another
 * computer"), so after an instance died a new owner on another machine sharing DATA_DIR could
 * never reopen the session without a QR. Safe because the session lease (PostgreSQL) is the real
 * lock: this runs only in the instance that holds it, and an instance that loses or cannot renew
 * its lease stops its Chromium before the lease can be taken (WhatsAppSessionLease.renew).
 */
export function releaseProfileLock(profileDir: string): string[] {
  const found: string[] = [];
  for (const name of SINGLETON_FILES) {
    const path = join(profileDir, name);
    try {
      lstatSync(path); // the lock is a dangling symlink: existsSync would follow it and say no
    } catch {
      continue;
    }
    rmSync(path, { force: true });
    found.push(name);
  }
  return found;
}
