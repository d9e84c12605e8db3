import { execFile } from 'node:child_process';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OPERATOR } from './operator-account';

/** The repository the specs test: its remotes' sources and the ops CLI. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** `npm run ops -- <args>` against the server under test, as the operator; answers its exit code and output. */
export async function ops(baseURL: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, VELVET_URL: baseURL, VELVET_OPERATOR_PASSWORD: OPERATOR.password },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/**
 * A copy of a remote's sources in a folder of its own, as a team's checkout is, to change and deploy with
 * `ops deploy <remote> --source`; its packages are this repository's. Remove the folder's parent when done.
 */
export async function teamCheckout(remote: string): Promise<string> {
  const source = join(REPO_ROOT, remote);
  const dir = join(await mkdtemp(join(tmpdir(), 'velvet-team-')), remote);
  const built = new RegExp(`/${remote}/(node_modules|dist)$`);
  await cp(source, dir, { recursive: true, filter: (path) => !built.test(path) });
  await symlink(join(source, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
