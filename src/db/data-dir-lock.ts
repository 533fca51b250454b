import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../common/startup-error.js';

// The embedded database is one PGlite instance over files in DATA_DIR: a second process opening the same
// files corrupts them, and PGlite says so only with a dump of its own source. A pid file taken with an
// exclusive create keeps it to one process. A crashed hub leaves the file behind, so a file whose pid no
// longer runs is stale and taken over (as PostgreSQL does with postmaster.pid).

const LOCK_FILE = 'orderhub.pid';

export interface DataDirLock {
  release(): void;
}

/** Takes DATA_DIR for this process, or throws a StartupError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        release() {
          if (holder(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(path);
      if (pid !== undefined && pid !== process.pid && isRunning(pid)) {
        throw new StartupError(
          `another hub is using ${dataDir} (pid ${pid}); stop it, or set DATA_DIR or DATABASE_URL`,
        );
      }
      // Left behind by a process that is gone (or unreadable, half-written by one that died): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new StartupError(`could not lock ${dataDir}: ${path} keeps coming back; is another hub starting?`);
}

function holder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
