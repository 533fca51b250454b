import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpClient } from './http.js';
import { recommendedNodeOptions } from '../../src/config/runtime-options.js';

/** dist/src/main.js: exactly what `npm start` runs after building, with the same Node options. */
export const MAIN_JS = fileURLToPath(new URL('../../src/main.js', import.meta.url));

export interface ChildHub {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  client(token: string | null): HttpClient;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * The hub as a separate process, for what only a real process shows: start-up from nothing, graceful
 * shutdown, and a SIGKILL in the middle of work. Resolves once it prints the URL it listens on.
 */
export async function startChildHub(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildHub> {
  const child = spawn(process.execPath, [...recommendedNodeOptions(process.version), MAIN_JS], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A test that fails before it stops its hub must not leave it running after the test process: it would go
  // on using a core and the database (seen: a hub serving for minutes after its test had failed).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      resolve(code ?? signal ?? -1);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hub did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited (${code}) before listening:\n${output}`));
    });
  });
  return { url, process: child, output: () => output, client: (token) => new HttpClient(url, token), exited };
}

/** dist/src/admin.js: what `npm run admin -- ...` runs after building. */
export const ADMIN_JS = fileURLToPath(new URL('../../src/admin.js', import.meta.url));

export interface Finished {
  code: number | string;
  stdout: string;
  stderr: string;
}

/** Runs a script of the hub to its end (a start that must refuse, an admin command). */
export function runToExit(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<Finished> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not finish within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? -1, stdout, stderr });
    });
  });
}
