import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEnv } from './test-hub.js';

// A hub as its own operating-system process (node dist/src/main.js), for crash and multi-process tests.

const MAIN = fileURLToPath(new URL('../../src/main.js', import.meta.url));

export interface HubProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | string | null>;
  kill(signal: NodeJS.Signals): Promise<number | string | null>;
}

export async function startHubProcess(databaseUrl: string, overrides: Record<string, string> = {}): Promise<HubProcess> {
  const env = { ...process.env, ...testEnv(databaseUrl, overrides) };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hub process did not start in 20 s: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Order Hub is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`hub process exited (${code}) before it started: ${output}`));
    });
  });
  return {
    child,
    url,
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
